import { useParams } from 'wouter';
import { useMe } from '@/features/account/api/get-me';
import { SurveyStepScreen } from '@/features/survey/components/SurveyStepScreen';
import { isSurveySlug } from '@/features/survey/slugs';

/**
 * One survey step, addressed by its slug (/how-you-identify). The router has already sent an
 * address that is not a step to the Not Found page, before this page's code loads. The sign-in
 * guard has already loaded the profile, so the first name is read from what is known, with no new
 * request.
 */
export function Component() {
  const { slug } = useParams<{ slug: string }>();
  const me = useMe({ enabled: false }).data?.me;
  if (!isSurveySlug(slug)) return null;
  return <SurveyStepScreen slug={slug} member={me} />;
}
