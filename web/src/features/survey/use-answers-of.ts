import { useSurvey } from './api/get-survey';
import type { Answer, SurveyState } from './api/types';
import { surveySaveQueue } from './save-queue-instance';

/**
 * answersOf returns what the member answered to a step: what they gave on this page first (it may
 * not have reached the server yet), else what the server has kept (saved), else undefined.
 */
export function answersOf(saved: SurveyState | undefined, slug: string): Answer[] | undefined {
  return surveySaveQueue.answersOf(slug) ?? saved?.answers.find((a) => a.questionSlug === slug)?.answers;
}

/** useAnswersOf is answersOf for a component that does not read the survey state itself. */
export function useAnswersOf(slug: string): Answer[] | undefined {
  return answersOf(useSurvey().data, slug);
}
