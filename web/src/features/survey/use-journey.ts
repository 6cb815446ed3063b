import { useRuntimeConfig } from '@/config/runtime-context';
import type { SurveyDefinition } from './api/types';
import { useDefinition } from './api/get-definition';
import { useSurvey } from './api/get-survey';
import { journeyOf, type Journey } from './journey';
import { surveySaveQueue } from './save-queue-instance';
import { answersOf } from './use-answers-of';

/**
 * useJourney returns the definition and where the member's journey stands, or undefined while the
 * definition or the member's saved state is still on its way. A failed definition is thrown to
 * the page's error boundary, which offers "Try again"; when the saved state could not be read, the
 * journey is not known (Journey.known), and the member keeps going where they are.
 */
export function useJourney(): { definition: SurveyDefinition; journey: Journey } | undefined {
  const definition = useDefinition();
  const saved = useSurvey();
  const { paymentEnabled } = useRuntimeConfig();
  if (!definition.data && definition.error !== undefined) throw definition.error;
  if (!definition.data || (!saved.data && saved.error === undefined)) return undefined;
  const journey = journeyOf(definition.data, {
    saved: saved.data,
    answersOf: (slug) => answersOf(saved.data, slug),
    givenOnPage: surveySaveQueue.answersOf,
    paymentEnabled,
  });
  return { definition: definition.data, journey };
}
