import { useCallback } from 'react';
import { useRuntimeConfig } from '@/config/runtime-context';
import { useResourceOf } from '@/lib/resource';
import { surveyResource, useSurvey } from '@/features/survey/api/get-survey';
import type { Question, SurveyDefinition, SurveyState } from '@/features/survey/api/types';
import { fillCopy, NAME_AND_BIRTH } from '@/features/survey/navigation';
import { answersOf } from '@/features/survey/use-answers-of';
import { useJourney } from '@/features/survey/use-journey';

/** PlanStep is what a plan step's route takes from the survey: its words, filled in, and more. */
export interface PlanStep {
  definition: SurveyDefinition;
  saved: SurveyState | undefined;
  step: Question | undefined;
  heading: string;
  lines: string[];
  /** onJourneyMoved reads the journey again after a refusal, so the account area takes the member where they belong. */
  onJourneyMoved: () => void;
}

/**
 * usePlanStep returns a plan step's words from the survey definition, with the member's first name
 * and the brand filled in, or undefined while the journey is still on its way.
 */
export function usePlanStep(slug: string): PlanStep | undefined {
  const survey = useResourceOf(surveyResource);
  const state = useJourney();
  const saved = useSurvey().data;
  const { brandName } = useRuntimeConfig();
  // A refusal (the journey is not there, or the member holds a plan already) is checked against
  // the server's state, and the account area takes the member where they belong.
  const onJourneyMoved = useCallback(() => survey.invalidate(), [survey]);
  if (!state) return undefined;
  const step = state.definition.questions[slug];
  const firstName = answersOf(saved, NAME_AND_BIRTH)?.find((a) => a.key === 'firstName')?.value;
  const copy = (text: string) => fillCopy(text, { firstName, brand: brandName });
  return { definition: state.definition, saved, step, heading: copy(step?.title ?? ''), lines: (step?.text ?? []).map(copy), onJourneyMoved };
}
