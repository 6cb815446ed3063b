import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { paths } from '@/config/paths';
import { useT } from '@/lib/messages';
import { planMessages } from '@/messages/plan';
import { Button } from '@/components/button/Button';
import { usePageTitle } from '@/components/layout/usePageTitle';
import { usePlans } from '@/features/plan/api/get-plans';
import type { Plan } from '@/features/plan/api/types';
import { rememberPlan } from '@/features/plan/chosen-plan';
import { PlanCard } from './PlanCard';
import { StepIntro } from './StepIntro';
import { PlansLoading, PlansProblem, useMovedOnWhenPaid } from './PlansStatus';
import styles from './Plan.module.css';

interface PlanRecommendationProps {
  /** heading, lines and nextLabel are the step's copy from the survey definition, filled in. */
  heading: string;
  lines: readonly string[];
  nextLabel: string;
  /** header and illustration are the journey's progress header and the step's picture. */
  header?: ReactNode;
  illustration?: ReactNode;
  /**
   * onJourneyMoved runs when the server's answer shows the journey is elsewhere: not at the plan
   * yet, or past it (the member holds a plan). The app then reads the member's state again.
   */
  onJourneyMoved?: () => void;
}

/**
 * PlanRecommendation is /account/plan-recommendation: the plan recommended from the member's
 * answers, with the server's reason in plain words, and Continue to see it in full. The other
 * plans fold away under "See other plans", each with a button to choose it instead. The choice is
 * kept in the tab (see chosen-plan.ts), never in the address.
 */
export function PlanRecommendation({ heading, lines, nextLabel, header, illustration, onJourneyMoved }: PlanRecommendationProps) {
  const t = useT(planMessages);
  const query = usePlans();
  useMovedOnWhenPaid(query.data, onJourneyMoved);
  const [, navigate] = useLocation();
  const title = heading || t('recommendationTitle');
  usePageTitle(title);

  if (query.isError) return <PlansProblem query={query} onJourneyMoved={onJourneyMoved} />;
  const data = query.data;
  const recommended = data && (data.plans.find((p) => p.planId === data.recommendation.planId) ?? data.plans[0]);
  const choose = (planId: string) => {
    rememberPlan(planId);
    navigate(paths.account.planPreview);
  };

  return (
    <div className={styles.page}>
      {header}
      {illustration}
      <StepIntro title={title} lines={lines} />
      {!data ? (
        <PlansLoading />
      ) : recommended ? (
        <>
          <PlanCard plan={recommended} recommended>
            {data.recommendation.reason ? (
              <div className={styles.reason}>
                <p className={styles.reasonLabel}>{t('why')}</p>
                <p>{data.recommendation.reason}</p>
              </div>
            ) : null}
          </PlanCard>
          <Button onClick={() => choose(recommended.planId)} block>
            {nextLabel}
          </Button>
          <OtherPlans plans={data.plans.filter((p) => p !== recommended)} onChoose={choose} />
        </>
      ) : null}
    </div>
  );
}

/** OtherPlans folds the plans not recommended under a native disclosure, each with its own button. */
function OtherPlans({ plans, onChoose }: { plans: readonly Plan[]; onChoose: (planId: string) => void }) {
  const t = useT(planMessages);
  if (plans.length === 0) return null;
  return (
    <details className={styles.others}>
      <summary>{t('otherPlans')}</summary>
      <ul className={styles.otherList}>
        {plans.map((plan) => (
          <li key={plan.planId}>
            <PlanCard plan={plan}>
              <Button variant="secondary" onClick={() => onChoose(plan.planId)} block>
                {t('choose', { plan: plan.name })}
              </Button>
            </PlanCard>
          </li>
        ))}
      </ul>
    </details>
  );
}
