import { useRuntimeConfig } from '@/config/runtime-context';
import { useMe } from '@/features/account/api/get-me';
import { Done } from '@/features/coaches/components/GetTheApp';
import { useDefinition } from '@/features/survey/api/get-definition';
import { useSurvey } from '@/features/survey/api/get-survey';
import { DONE } from '@/features/survey/journey';
import { fillCopy, NAME_AND_BIRTH } from '@/features/survey/navigation';
import { useAnswersOf } from '@/features/survey/use-answers-of';

/**
 * The done step (the survey's thank-you-page, at /account/download-app): the member has a coach and
 * is handed over to the app (spec §4). Its words are the definition's; the coach and the way to the
 * app are the coaches feature's.
 */
export function Component() {
  const { brandName } = useRuntimeConfig();
  const step = useDefinition().data?.questions[DONE];
  const given = useAnswersOf(NAME_AND_BIRTH)?.find((a) => a.key === 'firstName')?.value;
  const coachChosen = Boolean(useSurvey().data?.coachId);
  const profile = useMe({ enabled: false }).data?.me.firstName;
  const firstName = given || profile;
  const copy = (text: string) => fillCopy(text, { firstName, brand: brandName });
  return <Done heading={copy(step?.title ?? '')} lines={(step?.text ?? []).map(copy)} coachChosen={coachChosen} />;
}
