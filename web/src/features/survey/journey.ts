import { paths, surveyStepPath } from '@/config/paths';
import type { Answer, Question, SurveyDefinition } from './api/types';

// The journey's rules as the server keeps them (internal/survey/journey.go and
// internal/onboarding/service.go): which steps a member may see, where they continue, and what
// follows the coach choice. The server refuses every call past the survey until its rules say so;
// the app follows the same rules so that a member never sees a step early, whatever address they
// type, and is shown the right step at once rather than after a refusal.

export const NO_GO = 'we-are-sorry-no-go';
export const MEET_YOUR_COACH = 'meet-your-coach';
/** DONE is the journey's last step: the member has a coach and is handed over to the app. */
export const DONE = 'thank-you-page';

/** AnswersOf tells what the member answered to a step: this page's answers first, then the saved ones. */
export type AnswersOf = (slug: string) => readonly Answer[] | undefined;

const flows = new WeakMap<SurveyDefinition, readonly string[]>();

/**
 * flowOf returns the survey's main path in order, without the steps only a branch leads to: from
 * the head of the path (back from firstQuestion along prevStep) forward along nextStep, as the
 * server derives it. The order of steps is the definition's; the app keeps no list of its own.
 */
export function flowOf(definition: SurveyDefinition): readonly string[] {
  const known = flows.get(definition);
  if (known) return known;
  const { questions } = definition;
  let head = definition.firstQuestion;
  for (let steps = 0; questions[head]?.prevStep && steps <= Object.keys(questions).length; steps++) {
    head = questions[head]!.prevStep;
  }
  const flow: string[] = [];
  for (let slug = head; slug && questions[slug] && !flow.includes(slug); slug = questions[slug]!.nextStep) flow.push(slug);
  flows.set(definition, flow);
  return flow;
}

/** disclosesSafety tells whether answers to a question choose an option that leads to the crisis page. */
export function disclosesSafety(question: Question, answers: readonly Answer[] | undefined): boolean {
  return (question.answerVariants ?? []).some((v) => v.branchTo === NO_GO && answers?.some((a) => a.key === v.key));
}

/** Journey is where a member's journey stands, as far as the app can tell. */
export interface Journey {
  /** known: the server's word on the journey is in; without it the app holds no one back but a
   * member who disclosed on this page (the server still refuses what is not open). */
  known: boolean;
  /** hold: a safety disclosure, saved or given on this page, keeps the member on the crisis page. */
  hold: boolean;
  /** gap is the first required step of the main path without a valid answer, or "". */
  gap: string;
  /** coachChosen: the member has a coach. */
  coachChosen: boolean;
  /** payment: the plan and payment come after the coach choice. */
  payment: boolean;
  /** paid: the member holds a plan (paid, or a payment under way), so the plan's steps are behind them. */
  paid: boolean;
  /** resumeAt is the step the member continues at. */
  resumeAt: string;
}

/** SavedJourney is what the server said of the member's journey (GET /api/onboarding/survey). */
export interface SavedJourney {
  safetyHold: boolean;
  coachId: string | null;
  resumeAt: string;
  /** paid: the member holds a plan (subscription pending, active or past_due). */
  paid: boolean;
}

export interface JourneyInputs {
  /** saved is the server's word, or undefined when it could not be read. */
  saved: SavedJourney | undefined;
  /** answersOf tells what the member answered: on this page first, then what the server keeps. */
  answersOf: AnswersOf;
  /** givenOnPage tells only what the member answered on this page, which may not be saved yet. */
  givenOnPage: AnswersOf;
  paymentEnabled: boolean;
}

/**
 * journeyOf puts the server's word together with the answers given on this page: a disclosure
 * made here holds at once, before its save arrives, and answers given here fill gaps at once. The
 * server also checks each saved answer against today's rules, so a saved answer it no longer takes
 * (its resumeAt names a required step) is a gap until the member answers it again here. A saved
 * self-harm answer holds only through the server's safetyHold, which a person at the service can
 * lift.
 */
export function journeyOf(definition: SurveyDefinition, { saved, answersOf, givenOnPage, paymentEnabled }: JourneyInputs): Journey {
  const flow = flowOf(definition);
  const { questions } = definition;
  const hold = (saved?.safetyHold ?? false) || Object.values(questions).some((q) => disclosesSafety(q, givenOnPage(q.slug)));
  const unanswered = flow.find((slug) => questions[slug]!.required && !answersOf(slug)?.length) ?? '';
  const refusedByServer =
    saved && questions[saved.resumeAt]?.required && flow.includes(saved.resumeAt) && !givenOnPage(saved.resumeAt)?.length ? saved.resumeAt : '';
  const gap = [unanswered, refusedByServer].filter(Boolean).sort((a, b) => flow.indexOf(a) - flow.indexOf(b))[0] ?? '';
  const coachChosen = Boolean(saved?.coachId);
  const paid = saved?.paid ?? false;
  let resumeAt: string;
  if (hold) resumeAt = NO_GO;
  else if (gap) resumeAt = gap;
  else if (coachChosen) resumeAt = afterCoachChoice(definition, paymentEnabled, paid);
  else {
    const last = flow.findLastIndex((slug) => Boolean(answersOf(slug)?.length));
    resumeAt = last < 0 ? definition.firstQuestion : flow[Math.min(last + 1, flow.length - 1)]!;
  }
  return { known: saved !== undefined, hold, gap, coachChosen, payment: paymentEnabled, paid, resumeAt };
}

/**
 * afterCoachChoice is the one place that decides what follows choosing a coach: with payment on and
 * no plan yet, the steps toward the plan (what meet-your-coach leads to in the definition);
 * without payment, or once the member holds a plan (a member who paid and switches coach, say),
 * the done step, where the member is handed over to the app.
 */
export function afterCoachChoice(definition: SurveyDefinition, paymentEnabled: boolean, paid: boolean): string {
  return paymentEnabled && !paid ? (definition.questions[MEET_YOUR_COACH]?.nextStep ?? DONE) : DONE;
}

/**
 * redirectFor returns the step a member who asks for slug is taken to instead, or "" when they may
 * see it. Under a safety hold, only the crisis page; otherwise nothing on the main path past the
 * first step without a valid answer, nothing past the coach chooser until a coach is chosen, and
 * the plan's steps (those between the chooser and the done step) only with payment on and no plan
 * held yet: a member who has paid is never offered checkout again. The screens only a branch leads
 * to (ios-only, a prior coach's note) say nothing of the journey and stay open.
 */
export function redirectFor(definition: SurveyDefinition, journey: Journey, slug: string): string {
  if (journey.hold) return slug === NO_GO ? '' : NO_GO;
  const flow = flowOf(definition);
  const at = flow.indexOf(slug);
  if (!journey.known || at < 0) return '';
  if (journey.gap) return at <= flow.indexOf(journey.gap) ? '' : journey.gap;
  if (at <= flow.indexOf(MEET_YOUR_COACH)) return '';
  if (!journey.coachChosen) return journey.resumeAt;
  return (!journey.payment || journey.paid) && at < flow.indexOf(DONE) ? DONE : '';
}

/**
 * The steps of the definition that live in the account area (spec §2, "Inside /account"): their
 * address as a survey step leads there. The done step is the download page, which hands over to
 * the app.
 */
const accountAreaPaths: Partial<Record<string, string>> = {
  account: paths.account.root,
  [MEET_YOUR_COACH]: paths.account.meetYourCoach,
  'plan-recommendation': paths.account.planRecommendation,
  'plan-preview': paths.account.planPreview,
  [DONE]: paths.account.downloadApp,
};

/** pathOfStep is the address a step is shown at. */
export function pathOfStep(slug: string): string {
  return accountAreaPaths[slug] ?? surveyStepPath(slug);
}

/**
 * finishedGroups returns the survey's groups whose required steps on the main path all have an
 * answer, for the progress header to mark done. A group with no required step is never finished:
 * there is nothing to tell that the member has been through it.
 */
export function finishedGroups(definition: SurveyDefinition, answersOf: AnswersOf): ReadonlySet<number> {
  const required = new Set<number>();
  const open = new Set<number>();
  for (const slug of flowOf(definition)) {
    const q = definition.questions[slug]!;
    if (!q.required) continue;
    required.add(q.groupId);
    if (!answersOf(slug)?.length) open.add(q.groupId);
  }
  return new Set([...required].filter((id) => !open.has(id)));
}
