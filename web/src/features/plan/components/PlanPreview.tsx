import { useCallback, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearch } from 'wouter';
import { paths } from '@/config/paths';
import { useT, type Translate } from '@/lib/messages';
import { planMessages } from '@/messages/plan';
import { Button } from '@/components/button/Button';
import { FailureText } from '@/components/failure/FailureText';
import { Notification } from '@/components/notification/Notification';
import { usePageTitle } from '@/components/layout/usePageTitle';
import { CheckoutError, createCheckout } from '@/features/plan/api/create-checkout';
import { plansQueryKey, usePlans } from '@/features/plan/api/get-plans';
import type { Coupon, Plan, PlanCoach } from '@/features/plan/api/types';
import { chosenPlan } from '@/features/plan/chosen-plan';
import { usePageRestored } from '@/features/plan/use-page-restored';
import { leaveFor } from '@/features/plan/leave-for';
import { couponNote, firstChargeLater, formatDay } from '@/features/plan/money';
import { ChargeLines } from './ChargeLines';
import { ConfirmEmailNotice } from './ConfirmEmailNotice';
import { PlanCard } from './PlanCard';
import { StepIntro } from './StepIntro';
import { PlansLoading, PlansProblem, useMovedOnWhenPaid } from './PlansStatus';
import styles from './Plan.module.css';

type PlanT = Translate<typeof planMessages>;

interface PlanPreviewProps {
  /** heading and lines are the step's copy from the survey definition, filled in. */
  heading: string;
  lines: readonly string[];
  /**
   * onJourneyMoved runs when the server's answer shows the journey is elsewhere: not at the plan
   * yet, or past it (the member holds a plan). The app then reads the member's state again.
   */
  onJourneyMoved?: () => void;
}

/**
 * PlanPreview is /account/plan-preview: the chosen plan (the recommended one unless the member chose
 * another) in full, the coupon, the coach, and in plain words what will be charged, when, and how
 * to cancel, before the member goes to pay; or, where paying needs a confirmed email and theirs is
 * not yet, how to confirm it (ConfirmEmailNotice). Stripe's cancel address brings the member back here
 * with ?checkout=canceled, which gets a calm word that nothing was charged.
 */
export function PlanPreview({ heading, lines, onJourneyMoved }: PlanPreviewProps) {
  const t = useT(planMessages);
  const query = usePlans();
  useMovedOnWhenPaid(query.data, onJourneyMoved);
  const canceled = new URLSearchParams(useSearch()).get('checkout') === 'canceled';
  const title = heading || t('previewTitle');
  usePageTitle(title);

  if (query.isError) return <PlansProblem query={query} onJourneyMoved={onJourneyMoved} />;
  const data = query.data;
  const plan = data && chosenPlan(data.plans, data.recommendation.planId);

  return (
    <div className={styles.page}>
      {canceled ? <Notification title={t('canceledTitle')}>{t('canceledBody')}</Notification> : null}
      <StepIntro title={title} lines={lines} />
      {data?.testMode ? <Notification title={t('testModeTitle')}>{t('testModeBody')}</Notification> : null}
      {!data ? (
        <PlansLoading />
      ) : plan ? (
        <>
          <PlanCard plan={plan}>
            <CouponLine t={t} coupon={data.coupon} plan={plan} />
          </PlanCard>
          {data.coach ? <CoachLine t={t} coach={data.coach} /> : null}
          <WhatYouPay t={t} plan={plan} />
          {data.emailVerificationRequired ? (
            <div className={styles.actions}>
              <ConfirmEmailNotice t={t} />
              <OtherPlanLink t={t} />
            </div>
          ) : (
            <PayButton t={t} plan={plan} testMode={data.testMode} onJourneyMoved={onJourneyMoved} />
          )}
        </>
      ) : null}
    </div>
  );
}

function CouponLine({ t, coupon, plan }: { t: PlanT; coupon: Coupon | null; plan: Plan }) {
  const note = couponNote(t, coupon, plan);
  if (!note) return null;
  return <p className={`${styles.coupon} ${note.applies ? styles.couponApplies : ''}`}>{note.text}</p>;
}

function CoachLine({ t, coach }: { t: PlanT; coach: PlanCoach }) {
  return (
    <div className={styles.coach}>
      {coach.avatarUrl ? (
        <img className={styles.avatar} src={coach.avatarUrl} alt="" width={56} height={56} decoding="async" />
      ) : (
        <span className={styles.avatar} />
      )}
      <p>
        <span className={styles.muted}>{t('coach')}</span>
        <span className={styles.coachName}>{`${coach.firstName} ${coach.lastName}`.trim()}</span>
      </p>
    </div>
  );
}

/** WhatYouPay says what will be charged and when, and how to cancel, in whole sentences. */
function WhatYouPay({ t, plan }: { t: PlanT; plan: Plan }) {
  const headingId = useId();
  const monthly = plan.price.interval === 'month';
  const trial = firstChargeLater(plan);
  return (
    <section className={styles.pay} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('payHeading')}</h2>
      <ChargeLines t={t} plan={plan} className={styles.charge} />
      {trial ? <p>{t('trialCancel', { date: formatDay(plan.charges.first.on) })}</p> : null}
      {monthly || trial ? <p className={styles.muted}>{t('cancelAnyTime')}</p> : null}
    </section>
  );
}

interface PayButtonProps {
  t: PlanT;
  plan: Plan;
  testMode: boolean;
  onJourneyMoved?: () => void;
}

/**
 * PayButton starts checkout and sends the browser there. While it waits it says so and takes no
 * second press; a refusal or failure is said in words under it, and nothing was charged. A member
 * who must confirm their email first (the plans said otherwise when they loaded) gets the plans
 * read again, which then show how to confirm it.
 */
function PayButton({ t, plan, testMode, onJourneyMoved }: PayButtonProps) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ title: string; body: string; error?: unknown } | null>(null);

  usePageRestored(useCallback(() => setBusy(false), []));

  const pay = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const { url } = await createCheckout(plan.planId);
      if (leaveFor(url)) return;
      setProblem({ title: t('checkoutRefusedTitle'), body: t('checkoutFailed') });
    } catch (error) {
      const failure = error instanceof CheckoutError ? error : new CheckoutError('failed');
      // The server's reason for a refusal is written for the member; anything else gets our words.
      let body = t('checkoutFailed');
      if ((failure.kind === 'refused' || failure.kind === 'unconfirmed') && failure.detail) body = failure.detail;
      else if (failure.kind === 'unavailable') body = t('checkoutUnavailable');
      setProblem({ title: t('checkoutRefusedTitle'), body, error });
      if (failure.kind === 'refused') onJourneyMoved?.();
      if (failure.kind === 'unconfirmed') void queryClient.invalidateQueries({ queryKey: plansQueryKey });
    }
    setBusy(false);
  };

  return (
    <div className={styles.actions}>
      {problem ? (
        <Notification tone="error" title={problem.title}>
          {problem.error === undefined ? problem.body : <FailureText error={problem.error} text={problem.body} />}
        </Notification>
      ) : null}
      <Button onClick={() => void pay()} aria-disabled={busy || undefined} block>
        {busy ? t('paying') : t('pay')}
      </Button>
      {testMode ? null : <p className={`${styles.muted} ${styles.quietLink}`}>{t('securePage')}</p>}
      <OtherPlanLink t={t} />
    </div>
  );
}

function OtherPlanLink({ t }: { t: PlanT }) {
  return (
    <Link className={styles.quietLink} to={paths.account.planRecommendation}>
      {t('otherPlan')}
    </Link>
  );
}
