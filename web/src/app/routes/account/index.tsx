import { Redirect } from 'wouter';
import { lazyComponent } from '@/lib/lazy-component';
import { PageLoading } from '@/components/layout/PageLoading';
import { useMe } from '@/features/account/api/get-me';
import { SurveyStepScreen } from '@/features/survey/components/SurveyStepScreen';
import { pathOfStep } from '@/features/survey/journey';
import { useJourney } from '@/features/survey/use-journey';
import { useAnswersOf } from '@/features/survey/use-answers-of';

// The chooser's code (the carousel and the cards) loads only once the member gets that far.
const MeetYourCoach = lazyComponent(() => import('./meet-your-coach').then((m) => m.Component), <PageLoading />);

/**
 * The account area's index (/account). The survey's "account" step has this address too: it is
 * where the member confirms how their coach reaches them before meeting coaches. So /account shows
 * that step until the member has answered it, the coach chooser (spec §2) until they have chosen,
 * and from then on what follows the choice (the done step, or the plan with payment on): a member
 * who comes back never lands on the chooser again.
 */
export function Component() {
  const me = useMe({ enabled: false }).data?.me;
  const state = useJourney();
  const confirmed = useAnswersOf('account') !== undefined;
  if (!state) return <PageLoading />;
  if (state.journey.coachChosen) return <Redirect to={pathOfStep(state.journey.resumeAt)} replace />;
  return confirmed ? <MeetYourCoach /> : <SurveyStepScreen slug="account" member={me} />;
}
