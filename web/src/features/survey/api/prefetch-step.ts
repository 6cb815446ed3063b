import { mayBeSignedIn } from '@/lib/session';
import type { PageData } from '@/lib/resource';
import { definitionResource } from './get-definition';
import { surveyResource } from './get-survey';

/**
 * prefetchStep asks for what a survey step needs besides the profile, alongside the profile rather
 * than after it: the definition, and the member's answers when they may be signed in (a visitor on
 * their way to sign-in would only be refused). Either already known (from the page, or an earlier
 * step) is not asked for again.
 */
export function prefetchStep(data: PageData): void {
  data.resource(definitionResource).refresh();
  if (mayBeSignedIn()) data.resource(surveyResource).refresh();
}
