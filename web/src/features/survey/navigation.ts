import type { Answer, Question, SavedAnswers } from './api/types';

// The way through the survey, as the server computes it (internal/survey/navigate.go). The app
// decides where Next goes without asking, so the next step paints at once; the server checks the
// same rules when the answers arrive.

export const NAME_AND_BIRTH = 'name-and-birth';
export const IOS_ONLY = 'ios-only';

/**
 * nextStepOf returns the step after a question given its answers, or "" when there is none.
 *   - name-and-birth goes on only for an iPhone or inside the native app, because the service lives
 *     in an iPhone app; any other device is told so on ios-only (spec §4).
 *   - elsewhere a chosen option's branch wins over nextStep, so the self-harm answer always leads
 *     to the crisis page, whatever else was chosen with it.
 */
export function nextStepOf(question: Question, answers: readonly Answer[], nativeApp = false): string {
  if (question.slug === NAME_AND_BIRTH) {
    if (nativeApp || answers.some((a) => a.key === 'device' && a.value === 'iphone')) return question.nextStep;
    return IOS_ONLY;
  }
  if (question.type === 'SelectOne' || question.type === 'SelectMany') {
    for (const variant of question.answerVariants ?? []) {
      if (variant.branchTo && answers.some((a) => a.key === variant.key)) return variant.branchTo;
    }
  }
  return question.nextStep;
}

/**
 * resumeStep returns where a returning member who lands on name-and-birth (where sign-in brings
 * everyone) should continue, or "" to stay: the server's resumeAt once name-and-birth is answered.
 * A web member who said they have no iPhone goes back to ios-only rather than past it.
 */
export function resumeStep(
  nameAndBirth: Question,
  saved: { answers: readonly SavedAnswers[]; resumeAt: string },
  nativeApp: boolean,
): string {
  const given = saved.answers.find((a) => a.questionSlug === NAME_AND_BIRTH);
  if (!given || saved.resumeAt === NAME_AND_BIRTH) return '';
  if (nextStepOf(nameAndBirth, given.answers, nativeApp) === IOS_ONLY) return IOS_ONLY;
  return saved.resumeAt;
}

let landingPath: string | null = typeof window === 'undefined' ? null : window.location.pathname;

/**
 * isLanding tells whether path is the address the page was opened at (after sign-in, a reload, a
 * link) and the member has not moved on yet. Only an arrival is taken on to the step to resume at;
 * a member who goes back to name-and-birth within the survey stays there to change their answers.
 */
export function isLanding(path: string): boolean {
  return landingPath === path;
}

/** leaveLanding records that the member has moved on from the address the page was opened at. */
export function leaveLanding(): void {
  landingPath = null;
}

/** setLandingForTest sets the address the page counts as opened at. */
export function setLandingForTest(path: string | null): void {
  landingPath = path;
}

/**
 * fillCopy substitutes {firstName} and {brand} in a title or text line. Without a first name the
 * name and the comma before it are left out ("How do you identify?"), never shown as a gap.
 */
export function fillCopy(template: string, params: { firstName?: string; brand: string }): string {
  const firstName = params.firstName?.trim();
  const named = firstName ? template.replaceAll('{firstName}', firstName) : template.replace(/,?\s*\{firstName\}/g, '');
  return named.replaceAll('{brand}', params.brand);
}
