import { mayBeSignedIn } from '@/lib/session';
import { queryClientOf } from '@/lib/queries';
import type { QueryClientBox } from '@/lib/query-client-box';
import { definitionQueryOptions } from './get-definition';
import { surveyQueryOptions } from './get-survey';

/**
 * prefetchStep asks for what a survey step needs besides the profile, alongside the profile rather
 * than after it: the definition, and the member's answers when they may be signed in (a visitor on
 * their way to sign-in would only be refused). Either already known (from the page, or an earlier
 * step) is not asked for again.
 */
export function prefetchStep(queries: QueryClientBox): void {
  const client = queryClientOf(queries);
  void client.prefetchQuery(definitionQueryOptions());
  if (mayBeSignedIn()) void client.prefetchQuery(surveyQueryOptions());
}
