import { useParams } from 'wouter';
import { NotFoundPage } from '@/components/not-found/NotFoundPage';
import { useMe } from '@/features/account/api/get-me';
import { SurveyStepScreen } from '@/features/survey/components/SurveyStepScreen';
import { isSurveySlug } from '@/features/survey/slugs';

/**
 * One survey step, addressed by its slug (/how-you-identify). The /:slug pattern matches any
 * single segment, so an address that is not a step gets the Not Found page here. The sign-in guard
 * has already loaded the profile, so the first name is read from what is known, with no new request.
 */
export function Component() {
  const { slug } = useParams<{ slug: string }>();
  const me = useMe({ enabled: false }).data?.me;
  if (!isSurveySlug(slug)) return <NotFoundPage />;
  return <SurveyStepScreen slug={slug} member={me} />;
}
