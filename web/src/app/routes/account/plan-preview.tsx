import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRuntimeConfig } from '@/config/runtime-context';
import { PageLoading } from '@/components/layout/PageLoading';
import { PlanPreview } from '@/features/plan/components/PlanPreview';
import { surveyQueryKey, useSurvey } from '@/features/survey/api/get-survey';
import { fillCopy, NAME_AND_BIRTH } from '@/features/survey/navigation';
import { answersOf } from '@/features/survey/use-answers-of';
import { useJourney } from '@/features/survey/use-journey';

const STEP = 'plan-preview';

/**
 * The chosen plan in full before paying (/account/plan-preview), and where Stripe's cancel
 * address returns. Its heading is the survey definition's; the rest is the plan feature's.
 */
export function Component() {
  const queryClient = useQueryClient();
  const state = useJourney();
  const saved = useSurvey().data;
  const { brandName } = useRuntimeConfig();
  // A refusal (the journey is not there, or the member holds a plan already) is checked against
  // the server's state, and the account area takes the member where they belong.
  const onJourneyMoved = useCallback(() => void queryClient.invalidateQueries({ queryKey: surveyQueryKey }), [queryClient]);
  if (!state) return <PageLoading />;
  const step = state.definition.questions[STEP];
  const firstName = answersOf(saved, NAME_AND_BIRTH)?.find((a) => a.key === 'firstName')?.value;
  const copy = (text: string) => fillCopy(text, { firstName, brand: brandName });
  return <PlanPreview heading={copy(step?.title ?? '')} lines={(step?.text ?? []).map(copy)} onJourneyMoved={onJourneyMoved} />;
}
