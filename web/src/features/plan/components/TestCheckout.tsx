import { useCallback, useState } from 'react';
import { useSearch } from 'wouter';
import { paths } from '@/config/paths';
import { useT } from '@/lib/messages';
import { planMessages } from '@/messages/plan';
import { Button, ButtonLink } from '@/components/button/Button';
import { FailureText } from '@/components/failure/FailureText';
import { Notification } from '@/components/notification/Notification';
import { usePageTitle } from '@/components/layout/usePageTitle';
import { NoTestCheckoutError, useTestCheckout } from '@/features/plan/api/get-test-checkout';
import { payTestCheckout } from '@/features/plan/api/pay-test-checkout';
import type { TestCheckout as TestCheckoutData } from '@/features/plan/api/types';
import { usePageRestored } from '@/features/plan/use-page-restored';
import { leaveFor, safeHref } from '@/features/plan/leave-for';
import { couponNote, dueToday, formatMoney } from '@/features/plan/money';
import { ChargeLines } from './ChargeLines';
import { PlanCard } from './PlanCard';
import styles from './Plan.module.css';

/**
 * TestCheckout is /account/checkout?session_id=…, the demo's own checkout, reached only in test
 * mode (a server without Stripe keys) in Stripe's place: labelled so that nobody takes it for a
 * real payment, it shows the plan and what would be due, and Pay (test) pays it without money.
 */
export function TestCheckout() {
  const t = useT(planMessages);
  const sessionId = new URLSearchParams(useSearch()).get('session_id') ?? '';
  const query = useTestCheckout(sessionId);
  usePageTitle(t('testTitle'));

  if (!sessionId || query.error instanceof NoTestCheckoutError) {
    return (
      <div className={styles.page}>
        <h1>{t('testMissingTitle')}</h1>
        <p className={styles.lead}>{t('testMissing')}</p>
        <ButtonLink to={paths.account.planPreview} block>
          {t('backToPlan')}
        </ButtonLink>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className={styles.page}>
        <h1>{t('loadFailedTitle')}</h1>
        <p className={styles.lead} role="alert">
          <FailureText error={query.error} />
        </p>
        <Button onClick={() => void query.refetch()} block>
          {t('retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <h1>{t('testTitle')}</h1>
      <div className={styles.testBanner}>
        <p className={styles.testBannerTitle}>{t('testBanner')}</p>
        <p>{t('testBannerBody')}</p>
      </div>
      {query.data ? <Checkout sessionId={sessionId} checkout={query.data} /> : <p role="status">{t('loading')}</p>}
    </div>
  );
}

function Checkout({ sessionId, checkout }: { sessionId: string; checkout: TestCheckoutData }) {
  const t = useT(planMessages);
  const { plan } = checkout;
  const [busy, setBusy] = useState(false);
  // failed holds what went wrong: the error, or nothing when the answer led nowhere this page can go.
  const [failed, setFailed] = useState<{ error?: unknown } | null>(null);
  const note = couponNote(t, checkout.coupon, plan);
  const due = dueToday(plan);
  const cancelHref = safeHref(checkout.cancelUrl);
  const successHref = safeHref(checkout.successUrl);

  usePageRestored(useCallback(() => setBusy(false), []));

  const pay = async () => {
    if (busy) return;
    setBusy(true);
    setFailed(null);
    try {
      const { url } = await payTestCheckout(sessionId);
      if (leaveFor(url)) return;
      setFailed({});
    } catch (error) {
      // Said below; the member presses Pay again.
      setFailed({ error });
    }
    setBusy(false);
  };

  return (
    <>
      <PlanCard plan={plan}>{note ? <p className={`${styles.coupon} ${note.applies ? styles.couponApplies : ''}`}>{note.text}</p> : null}</PlanCard>
      <dl className={styles.due}>
        <dt>{t('dueToday')}</dt>
        <dd>{formatMoney(due, plan.price.currency, { whole: due === 0 })}</dd>
      </dl>
      <ChargeLines t={t} plan={plan} />
      {checkout.paid ? (
        <Notification title={t('testPaid')}>{successHref ? <a href={successHref}>{t('testPaidLink')}</a> : null}</Notification>
      ) : (
        <div className={styles.actions}>
          {failed ? (
            <Notification tone="error" title={t('testPayFailedTitle')}>
              {failed.error === undefined ? t('testPayFailed') : <FailureText error={failed.error} text={t('testPayFailed')} />}
            </Notification>
          ) : null}
          <Button onClick={() => void pay()} aria-disabled={busy || undefined} block>
            {busy ? t('payingTest') : t('payTest')}
          </Button>
          {cancelHref ? (
            <a className={styles.quietLink} href={cancelHref}>
              {t('cancel')}
            </a>
          ) : null}
        </div>
      )}
    </>
  );
}
