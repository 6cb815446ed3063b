import type { Answer, Question } from './api/types';

/**
 * nextStepOf returns the step after a question given its answers, as the server computes it
 * (internal/survey/navigate.go): a chosen option's branch wins over nextStep, so the self-harm answer
 * always leads to the crisis page, whatever else was chosen with it. "" means there is no next step.
 * name-and-birth has its own rule (device and native app) and is decided by its own screen.
 */
export function nextStepOf(question: Question, answers: readonly Answer[]): string {
  if (question.type === 'SelectOne' || question.type === 'SelectMany') {
    for (const variant of question.answerVariants ?? []) {
      if (variant.branchTo && answers.some((a) => a.key === variant.key)) return variant.branchTo;
    }
  }
  return question.nextStep;
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
