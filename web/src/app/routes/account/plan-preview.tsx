import { PageLoading } from '@/components/layout/PageLoading';
import { PlanPreview } from '@/features/plan/components/PlanPreview';
import { usePlanStep } from './plan-step';

/**
 * The chosen plan in full before paying (/account/plan-preview), and where Stripe's cancel
 * address returns. Its heading is the survey definition's; the rest is the plan feature's.
 */
export function Component() {
  const step = usePlanStep('plan-preview');
  if (!step) return <PageLoading />;
  return <PlanPreview heading={step.heading} lines={step.lines} onJourneyMoved={step.onJourneyMoved} />;
}
