import { PageLoading } from '@/components/layout/PageLoading';
import { PlanRecommendation } from '@/features/plan/components/PlanRecommendation';
import { Illustration } from '@/features/survey/components/Illustration';
import { ProgressHeader } from '@/features/survey/components/ProgressHeader';
import { finishedGroups } from '@/features/survey/journey';
import { answersOf } from '@/features/survey/use-answers-of';
import { usePlanStep } from './plan-step';

/**
 * The plan recommended from the member's answers (/account/plan-recommendation). Its words, its
 * picture and its Continue label are the survey definition's; the progress header stands at step
 * 4, past the three named steps; the plans are the plan feature's.
 */
export function Component() {
  const plan = usePlanStep('plan-recommendation');
  if (!plan) return <PageLoading />;
  const { definition, saved, step } = plan;
  return (
    <PlanRecommendation
      heading={plan.heading}
      lines={plan.lines}
      nextLabel={step?.nextLabel ?? ''}
      header={<ProgressHeader groups={definition.groups} pastAll finished={finishedGroups(definition, (slug) => answersOf(saved, slug))} />}
      illustration={step?.illustration ? <Illustration name={step.illustration} /> : null}
      onJourneyMoved={plan.onJourneyMoved}
    />
  );
}
