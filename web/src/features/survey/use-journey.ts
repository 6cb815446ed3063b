import { useRuntimeConfig } from '@/config/runtime-context';
import type { SurveyDefinition } from './api/types';
import { useDefinition } from './api/get-definition';
import { useSurvey } from './api/get-survey';
import { journeyOf, type Journey } from './journey';
import { answersOf } from './use-answers-of';

/**
 * useJourney returns the definition and where the member's journey stands, or undefined while the
 * definition or the member's saved state is still on its way. A failed definition is thrown to
 * the page's error boundary, which offers "Try again"; a failed saved state leaves the journey to
 * the answers given on this page, so a member who lost the connection keeps going.
 */
export function useJourney(): { definition: SurveyDefinition; journey: Journey } | undefined {
  const definition = useDefinition();
  const saved = useSurvey();
  const { paymentEnabled } = useRuntimeConfig();
  if (definition.isError) throw definition.error;
  if (!definition.data || (!saved.data && !saved.isError)) return undefined;
  const journey = journeyOf(definition.data, saved.data, (slug) => answersOf(saved.data, slug), paymentEnabled);
  return { definition: definition.data, journey };
}
