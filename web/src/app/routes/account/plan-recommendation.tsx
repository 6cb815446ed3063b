import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRuntimeConfig } from '@/config/runtime-context';
import { PageLoading } from '@/components/layout/PageLoading';
import { PlanRecommendation } from '@/features/plan/components/PlanRecommendation';
import { surveyQueryKey, useSurvey } from '@/features/survey/api/get-survey';
import { Illustration } from '@/features/survey/components/Illustration';
import { ProgressHeader } from '@/features/survey/components/ProgressHeader';
import { finishedGroups } from '@/features/survey/journey';
import { fillCopy, NAME_AND_BIRTH } from '@/features/survey/navigation';
import { answersOf } from '@/features/survey/use-answers-of';
import { useJourney } from '@/features/survey/use-journey';

const STEP = 'plan-recommendation';

/**
 * The plan recommended from the member's answers (/account/plan-recommendation). Its words, its
 * picture and its Continue label are the survey definition's; the progress header stands at step
 * 4, past the three named steps; the plans are the plan feature's.
 */
export function Component() {
  const queryClient = useQueryClient();
  const state = useJourney();
  const saved = useSurvey().data;
  const { brandName } = useRuntimeConfig();
  // A refusal means the journey has not reached the plan after all: reading the state again lets
  // the account area take the member where they are.
  const onJourneyMoved = useCallback(() => void queryClient.invalidateQueries({ queryKey: surveyQueryKey }), [queryClient]);
  if (!state) return <PageLoading />;
  const { definition } = state;
  const step = definition.questions[STEP];
  const firstName = answersOf(saved, NAME_AND_BIRTH)?.find((a) => a.key === 'firstName')?.value;
  const copy = (text: string) => fillCopy(text, { firstName, brand: brandName });
  return (
    <PlanRecommendation
      heading={copy(step?.title ?? '')}
      lines={(step?.text ?? []).map(copy)}
      nextLabel={step?.nextLabel ?? ''}
      header={<ProgressHeader groups={definition.groups} pastAll finished={finishedGroups(definition, (slug) => answersOf(saved, slug))} />}
      illustration={step?.illustration ? <Illustration name={step.illustration} /> : null}
      onJourneyMoved={onJourneyMoved}
    />
  );
}
