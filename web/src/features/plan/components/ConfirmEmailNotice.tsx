import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Translate } from '@/lib/messages';
import type { planMessages } from '@/messages/plan';
import { Button } from '@/components/button/Button';
import { FailureText } from '@/components/failure/FailureText';
import { Notification } from '@/components/notification/Notification';
import { plansQueryKey } from '@/features/plan/api/get-plans';
import { sendVerificationEmail, VerificationEmailError } from '@/features/plan/api/send-verification-email';
import styles from './Plan.module.css';

/**
 * ConfirmEmailNotice takes the pay button's place while the server needs the member to confirm
 * their email address before checkout (emailVerificationRequired in the plans): what to do, why,
 * and a button that sends the link again. When the member comes back to the tab, from their email
 * most likely, the plans are read again, so the notice gives way to the pay button once the
 * address is confirmed.
 */
export function ConfirmEmailNotice({ t }: { t: Translate<typeof planMessages> }) {
  const headingId = useId();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [problem, setProblem] = useState<{ text: string; error: unknown } | null>(null);

  useEffect(() => {
    const readAgain = () => {
      if (document.visibilityState === 'visible') void queryClient.invalidateQueries({ queryKey: plansQueryKey });
    };
    document.addEventListener('visibilitychange', readAgain);
    window.addEventListener('focus', readAgain);
    return () => {
      document.removeEventListener('visibilitychange', readAgain);
      window.removeEventListener('focus', readAgain);
    };
  }, [queryClient]);

  const send = async () => {
    if (sending) return;
    setSending(true);
    setSent(false);
    setProblem(null);
    try {
      await sendVerificationEmail();
      setSent(true);
    } catch (error) {
      const failure = error instanceof VerificationEmailError ? error : new VerificationEmailError('failed');
      // The server's reason is written for the member (too many links lately, confirmed already).
      setProblem({ text: failure.kind !== 'failed' && failure.detail ? failure.detail : t('linkNotSent'), error });
      // Confirmed already, in another tab say: the plans will now let the member pay.
      if (failure.kind === 'refused') void queryClient.invalidateQueries({ queryKey: plansQueryKey });
    }
    setSending(false);
  };

  return (
    <section className={styles.confirmEmail} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('confirmEmailTitle')}</h2>
      <p>{t('confirmEmailBody')}</p>
      <p className={styles.muted}>{t('confirmEmailWhy')}</p>
      {problem ? (
        <Notification tone="error" title={t('linkNotSentTitle')}>
          <FailureText error={problem.error} text={problem.text} />
        </Notification>
      ) : null}
      <p className={styles.sent} role="status">
        {sent ? t('linkSent') : null}
      </p>
      <Button onClick={() => void send()} aria-disabled={sending || undefined} block>
        {sending ? t('sendingLink') : t('sendLinkAgain')}
      </Button>
    </section>
  );
}
