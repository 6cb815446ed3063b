import { useEffect, useRef, type ReactNode } from 'react';
import { paths } from '@/config/paths';
import { isNativeShell, postToApp } from '@/lib/native-bridge';
import { useT } from '@/lib/messages';
import { planMessages } from '@/messages/plan';
import { Button, ButtonLink } from '@/components/button/Button';
import { usePageTitle } from '@/components/layout/usePageTitle';
import { usePlans } from '@/features/plan/api/get-plans';
import type { Subscription } from '@/features/plan/api/types';
import { forgetPlan } from '@/features/plan/chosen-plan';
import { usePaymentConfirmation } from '@/features/plan/use-payment-confirmation';
import styles from './Plan.module.css';

interface PaymentResponseProps {
  /** read asks the server for the member's payment state afresh; it must keep its identity. */
  read: () => Promise<Subscription>;
  /** onConfirmed runs once when the server says the member holds the plan. */
  onConfirmed?: (subscription: Subscription) => void;
  /**
   * handoff is the way to the app shown once the member holds the plan (the App Store, or a QR code
   * to scan); without it, a button to the download page. Inside the native app, the app takes over.
   */
  handoff?: ReactNode;
}

/**
 * PaymentResponse is /account/payment-response, where checkout returns the browser. The payment is
 * confirmed to our server by Stripe's webhook, which may come a moment later, so the page asks
 * until the member holds the plan (see usePaymentConfirmation), saying so politely meanwhile. Then
 * it welcomes them and hands over to the app: inside the native app, the app is told and takes
 * over; elsewhere the way to the app the page is given (handoff: the App Store, a QR code). A payment
 * the bank is still confirming (pending) gets the same hand-off, with a word that it is on its way.
 * If nothing is heard within the window, the member can check again or go back to the plan.
 */
export function PaymentResponse({ read, onConfirmed, handoff }: PaymentResponseProps) {
  const t = useT(planMessages);
  const confirmation = usePaymentConfirmation(read);
  const planId = confirmation.phase === 'confirmed' ? confirmation.subscription.planId : null;
  const planName = usePlans().data?.plans.find((p) => p.planId === planId)?.name;
  const pending = confirmation.phase === 'confirmed' && confirmation.subscription.status === 'pending';

  const heading = useRef<HTMLHeadingElement>(null);
  const told = useRef(false);
  useEffect(() => {
    if (confirmation.phase !== 'confirmed' || told.current) return;
    told.current = true;
    const { subscription } = confirmation;
    forgetPlan();
    onConfirmed?.(subscription);
    postToApp({ type: 'payment-complete', planId: subscription.planId ?? '', status: subscription.status === 'pending' ? 'pending' : 'active' });
  }, [confirmation, onConfirmed]);

  const [title, headline] =
    confirmation.phase === 'confirming'
      ? [t('confirmingTitle'), t('confirming')]
      : confirmation.phase === 'timeout'
        ? [t('timeoutTitle'), t('timeout')]
        : pending
          ? [t('pendingTitle'), t('pending')]
          : [t('successTitle'), t('success')];
  usePageTitle(title);

  // One heading whose words change, inside one polite status region: a screen reader hears each
  // change, and the heading keeps focus when it had it.
  return (
    <div className={styles.page}>
      <div className={styles.status} role="status">
        {confirmation.phase === 'confirming' ? <span className={styles.pulse} aria-hidden="true" /> : null}
        {confirmation.phase === 'confirmed' ? (
          <svg className={styles.done} viewBox="0 0 48 48" width="48" height="48" aria-hidden="true" focusable="false">
            <circle cx="24" cy="24" r="24" fill="currentColor" />
            <path d="M14 25l7 6.5L34 17" fill="none" stroke="var(--color-on-selected)" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        ) : null}
        <h1 ref={heading} tabIndex={-1}>
          {headline}
        </h1>
        {confirmation.phase === 'confirming' ? <p className={styles.lead}>{t('confirmingBody')}</p> : null}
        {confirmation.phase === 'timeout' ? <p className={styles.lead}>{t('timeoutBody')}</p> : null}
        {planName ? <p className={styles.lead}>{t('successPlan', { plan: planName })}</p> : null}
        {pending ? <p className={styles.lead}>{t('pendingBody')}</p> : null}
      </div>
      {confirmation.phase === 'timeout' ? (
        <div className={styles.actions}>
          <Button
            onClick={() => {
              // The button goes away as the page asks again: focus moves to the words that change.
              heading.current?.focus();
              confirmation.checkAgain();
            }}
            block
          >
            {t('checkAgain')}
          </Button>
          <ButtonLink to={paths.account.planPreview} variant="secondary" block>
            {t('backToPlan')}
          </ButtonLink>
        </div>
      ) : confirmation.phase === 'confirmed' ? (
        <HandOff>{handoff}</HandOff>
      ) : null}
    </div>
  );
}

/** HandOff is the way on to the app once the member holds a plan. */
function HandOff({ children }: { children?: ReactNode }) {
  const t = useT(planMessages);
  if (isNativeShell()) return <p className={styles.lead}>{t('inApp')}</p>;
  if (children) return children;
  return (
    <ButtonLink to={paths.account.downloadApp} block>
      {t('getApp')}
    </ButtonLink>
  );
}
