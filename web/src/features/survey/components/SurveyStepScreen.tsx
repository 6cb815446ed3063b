import { useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { paths, surveyStepPath } from '@/config/paths';
import { useRuntimeConfig } from '@/config/runtime-context';
import { afterNextPaint } from '@/lib/after-next-paint';
import { lazyComponent } from '@/lib/lazy-component';
import { withQueries } from '@/lib/with-queries';
import { isNativeShell } from '@/lib/native-bridge';
import { storedUtm } from '@/lib/utm';
import { useT } from '@/lib/messages';
import { surveyMessages } from '@/messages/survey';
import { Button, ButtonLink } from '@/components/button/Button';
import { PageLoading } from '@/components/layout/PageLoading';
import { usePageTitle } from '@/components/layout/usePageTitle';
import pageStyles from '@/components/page/Page.module.css';
import { useSurvey } from '@/features/survey/api/get-survey';
import { saveSurvey, SurveyRejectedError, type FieldProblem } from '@/features/survey/api/save-survey';
import type { Answer, Question, SurveyDefinition, SurveySaveBody, SurveyState } from '@/features/survey/api/types';
import { fillCopy, IOS_ONLY, isLanding, leaveLanding, NAME_AND_BIRTH, nextStepOf, resumeStep } from '@/features/survey/navigation';
import { finishedGroups, pathOfStep, redirectFor } from '@/features/survey/journey';
import { useSaveStatus } from '@/features/survey/save-queue';
import { surveySaveQueue } from '@/features/survey/save-queue-instance';
import type { SurveySlug } from '@/features/survey/slugs';
import { answersOf } from '@/features/survey/use-answers-of';
import { useJourney } from '@/features/survey/use-journey';
import { useStepState } from '@/features/survey/use-step-state';
import { ChoiceStep } from './ChoiceStep';
import { Illustration } from './Illustration';
import { InertAhead } from './InertAhead';
import { placeOf, ProgressHeader } from './ProgressHeader';
import { valueOf } from './steps/types';
import { SaveStatus } from './SaveStatus';
import styles from './SurveyStep.module.css';

// The form steps load on demand: a member's first screen carries only its own, and each step
// fetches the code of the steps that may follow it once it is on screen, so Next paints them at once.
const formStep = <P extends object>(load: () => Promise<ComponentType<P>>) => lazyComponent(load, <PageLoading />);
const NameAndBirthStep = formStep(() => import('./steps/NameAndBirthStep').then((m) => m.NameAndBirthStep));
const LiveStateStep = formStep(() => import('./steps/LiveStateStep').then((m) => m.LiveStateStep));
const ScoreStep = formStep(() => import('./steps/ScoreStep').then((m) => m.ScoreStep));
const AccountStep = formStep(() => import('./steps/AccountStep').then((m) => m.AccountStep));
const TestimonialsStep = formStep(() => import('./steps/TestimonialsStep').then((m) => m.TestimonialsStep));
// The waitlist step reads and writes through the query client, which loads with its form.
const AndroidWaitlistStep = formStep(withQueries(() => import('./steps/AndroidWaitlistStep').then((m) => m.AndroidWaitlistStep)));

const formSteps: Partial<Record<string, { preload: () => void; load: () => Promise<void> }>> = {
  'name-and-birth': NameAndBirthStep,
  'live-state': LiveStateStep,
  'score-screen': ScoreStep,
  account: AccountStep,
  testimonials: TestimonialsStep,
  'ios-only': AndroidWaitlistStep,
};

/** loadStepForm loads the code of a step's own form, if it has one (see preparePage in app/router.tsx). */
export function loadStepForm(slug: string): Promise<void> {
  return formSteps[slug]?.load() ?? Promise.resolve();
}

/** The steps whose answers the member must see saved before going on (see useStepSubmit). */
const waitsForSave = new Set<string>([NAME_AND_BIRTH]);

export interface MemberDetails {
  firstName?: string;
  lastName?: string;
  email?: string;
}

interface SurveyStepScreenProps {
  slug: SurveySlug;
  /** member is what the profile knows; the survey's own answers win where both have a value. */
  member?: MemberDetails;
}

/**
 * SurveyStepScreen shows one step of the survey as the definition describes it, with the progress
 * header, the step's illustration and the quiet save status under it.
 */
export function SurveyStepScreen({ slug, member }: SurveyStepScreenProps) {
  // A form step's code starts loading with the definition, not after it.
  formSteps[slug]?.preload();
  return (
    <div className={styles.screen}>
      <StepContent slug={slug} member={member} />
      <SaveStatus queue={surveySaveQueue} />
    </div>
  );
}

function StepContent({ slug, member }: SurveyStepScreenProps) {
  const saved = useSurvey();
  const state = useJourney();
  const [, navigate] = useLocation();
  const path = surveyStepPath(slug);
  const landing = slug === NAME_AND_BIRTH && isLanding(path);

  // Moving to any other address ends the arrival: going back to name-and-birth later keeps the member there.
  useEffect(() => {
    if (!isLanding(path)) leaveLanding();
  }, [path]);

  // A returning member who arrives on name-and-birth with it answered goes on where they stopped.
  const nameAndBirth = state?.definition.questions[NAME_AND_BIRTH];
  const resumeAt = landing && nameAndBirth && saved.data ? resumeStep(nameAndBirth, saved.data, isNativeShell()) : '';
  const known = state !== undefined;
  useEffect(() => {
    // Both the definition and the member's answers must be in before deciding.
    if (!landing || !known) return;
    leaveLanding();
    if (resumeAt) navigate(pathOfStep(resumeAt), { replace: true });
  }, [landing, known, resumeAt, navigate]);

  // A step the account area shows is taken there at once.
  if (pathOfStep(slug) !== path) return <Redirect to={pathOfStep(slug)} replace />;
  // The member's earlier answers are waited for too (they are asked for alongside the definition),
  // so a form starts from them rather than changing under the member's hands.
  if (!state) return <PageLoading />;
  const question = state.definition.questions[slug];
  if (!question) return <Redirect to={surveyStepPath(state.definition.firstQuestion)} replace />;
  // Whatever address was typed, a step past where the journey has reached is not shown: a safety
  // disclosure keeps the member on the crisis page, and an unanswered step comes first.
  const elsewhere = redirectFor(state.definition, state.journey, slug);
  if (elsewhere) return <Redirect to={pathOfStep(elsewhere)} replace />;
  // One Step shows step after step: React keeps the page's elements and changes only what differs,
  // which paints the next step sooner than building it anew.
  return <Step definition={state.definition} saved={saved.data} question={question} member={member} />;
}

/**
 * useStepSubmit sends a step's answers with the member's progress and moves on. Most steps move on
 * at once and save behind the next screen, so Next never waits on the network; the save queue keeps
 * and retries what fails. name-and-birth waits, because the server's age check must pass before the
 * survey goes on. The crisis page opens at once whatever the network does.
 */
function useStepSubmit(question: Question) {
  const t = useT(surveyMessages);
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  // A refusal belongs to the step it was about: the next step starts without it.
  const [problem, setProblem] = useStepState(question.slug, '');

  const submit = async (answers: Answer[]) => {
    if (busy) return;
    setProblem('');
    const body: SurveySaveBody = {
      fromSlug: question.slug,
      data: answers.length > 0 ? [{ questionSlug: question.slug, answers }] : [],
      utm: storedUtm(),
    };
    const to = nextStepOf(question, answers, isNativeShell());
    let refusal: FieldProblem[] = [];
    const send = (b: SurveySaveBody) =>
      saveSurvey(b).catch((error: unknown) => {
        if (error instanceof SurveyRejectedError) refusal = error.problems;
        throw error;
      });
    if (surveyStepPath(to) === paths.noGo || !waitsForSave.has(question.slug)) {
      void surveySaveQueue.save(body, send);
      if (to) navigate(surveyStepPath(to));
      return;
    }
    setBusy(true);
    const outcome = await surveySaveQueue.save(body, send);
    setBusy(false);
    if (outcome === 'refused') {
      setProblem(refusal[0]?.message ?? t('refused'));
      return;
    }
    // A save that failed is kept and sent again when the network returns, so the member goes on.
    if (to) navigate(surveyStepPath(to));
  };
  return { submit: (answers: Answer[]) => void submit(answers), busy, problem };
}

interface StepProps {
  definition: SurveyDefinition;
  /** saved is what the server has kept of the member's survey, once it has arrived. */
  saved?: SurveyState;
  question: Question;
  member?: MemberDetails;
}

function Step({ definition, saved, question: defined, member }: StepProps) {
  const t = useT(surveyMessages);
  const { brandName, paymentEnabled } = useRuntimeConfig();
  // Copy promises only steps that come: with payment on, a step that speaks of the plan has text
  // of its own for it (paymentText).
  const question = useMemo(
    () => (paymentEnabled && defined.paymentText ? { ...defined, text: defined.paymentText } : defined),
    [defined, paymentEnabled],
  );
  const initial = answersOf(saved, question.slug);
  const nameAndBirth = answersOf(saved, NAME_AND_BIRTH);
  const { submit, busy, problem } = useStepSubmit(question);
  const native = isNativeShell();

  const firstName = valueOf(nameAndBirth, 'firstName') || member?.firstName;
  const stateCode = answersOf(saved, 'live-state')?.[0]?.key;
  const stateTimeZone = definition.questions['live-state']?.answerVariants?.find((v) => v.key === stateCode)?.timeZone;
  const copy = (text: string) => fillCopy(text, { firstName, brand: brandName });
  const score = saved?.score ?? null;
  usePageTitle(copy(question.title).replace('{score}', String(score ?? '')));

  // The steps the member may go to next load ahead, so Next paints them at once. Asking for their
  // code waits until this step is on screen.
  useEffect(() => {
    // ios-only, and its waitlist's code, is not among them: few members go there, and every member's
    // first screen would carry it.
    const targets = [question.nextStep, ...(question.answerVariants ?? []).map((v) => v.branchTo ?? '')];
    return afterNextPaint(() => {
      for (const target of targets) formSteps[target]?.preload();
    });
  }, [question]);

  const showBack = question.prevStep !== '' && question.slug !== NAME_AND_BIRTH;
  // Keyed, so the buttons stay the same elements whichever shape the next step's form takes.
  const actions = (
    <InertAhead key="actions">
      <div className={`${styles.actions} ${styles.actionBar}`}>
        {question.nextStep ? (
          <Button type="submit" aria-disabled={busy || undefined}>
            {question.nextLabel || t('next')}
          </Button>
        ) : null}
        {question.slug === IOS_ONLY ? (
          // The phone choice is the way out of ios-only, so changing it is a button, on phones too.
          <ButtonLink to={surveyStepPath(question.prevStep)} variant="secondary">
            {t('changeDevice')}
          </ButtonLink>
        ) : showBack ? (
          <Link className={styles.back} to={surveyStepPath(question.prevStep)}>
            {t('back')}
          </Link>
        ) : null}
      </div>
    </InertAhead>
  );
  const common = { question, copy, initial, busy, serverProblem: problem, onSubmit: submit, actions };

  let body: ReactNode;
  switch (question.slug) {
    case NAME_AND_BIRTH:
      body = (
        <NameAndBirthStep
          {...common}
          nativeApp={native}
          today={new Date()}
          termsHref={paths.terms}
          privacyHref={paths.privacy}
          profileFirstName={member?.firstName}
          profileLastName={member?.lastName}
        />
      );
      break;
    case 'live-state':
      body = <LiveStateStep {...common} />;
      break;
    case 'score-screen':
      body = (
        <FreshScore>
          <ScoreStep
            {...common}
            score={score}
            highLikelihood={saved?.highLikelihood ?? false}
            missingAction={
              <ButtonLink to={surveyStepPath(saved?.resumeAt ?? 'how-often-trouble-wrapping')} variant="secondary">
                {t('finishQuestions')}
              </ButtonLink>
            }
          />
        </FreshScore>
      );
      break;
    case 'account':
      body = (
        <AccountStep
          {...common}
          email={member?.email ?? ''}
          stateTimeZone={stateTimeZone}
        />
      );
      break;
    case 'testimonials':
      body = <TestimonialsStep {...common} />;
      break;
    case IOS_ONLY:
      body = <AndroidWaitlistStep {...common} email={member?.email ?? ''} />;
      break;
    default:
      body = <ChoiceStep {...common} />;
  }

  return (
    <div className={pageStyles.page}>
      <ProgressHeader
        groups={definition.groups}
        currentGroupId={question.groupId}
        finished={finishedGroups(definition, (slug) => answersOf(saved, slug))}
        place={placeOf(definition, question.slug)}
      />
      {question.illustration ? <Illustration name={question.illustration} /> : null}
      {body}
    </div>
  );
}

/**
 * FreshScore shows its children once the server has counted every answer given on this page: it
 * waits for saves under way, then reads the survey state again, since only the server scores.
 */
function FreshScore({ children }: { children: ReactNode }) {
  const status = useSaveStatus(surveySaveQueue);
  const { refetch, fetching } = useSurvey();
  const settled = status !== 'saving';
  const [read, setRead] = useState(false);
  useEffect(() => {
    if (!settled) return;
    void refetch().then(() => setRead(true));
  }, [settled, refetch]);
  return read && settled && !fetching ? children : <PageLoading />;
}
