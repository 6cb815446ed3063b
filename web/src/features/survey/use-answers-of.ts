import { useSurvey } from './api/get-survey';
import type { Answer } from './api/types';
import { surveySaveQueue } from './save-queue-instance';

/**
 * useAnswersOf returns what the member answered to a step: what they gave on this page first (it
 * may not have reached the server yet), else what the server has kept, else undefined.
 */
export function useAnswersOf(slug: string): Answer[] | undefined {
  const saved = useSurvey();
  return surveySaveQueue.answersOf(slug) ?? saved.data?.answers.find((a) => a.questionSlug === slug)?.answers;
}
