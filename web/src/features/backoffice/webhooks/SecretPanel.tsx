import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '@/lib/messages';
import { staffWebhooksMessages } from '@/messages/staff-webhooks';
import { Button } from '@/components/button/Button';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import styles from './Webhooks.module.css';

interface SecretPanelProps {
  secret: string;
  onDone: () => void;
}

/**
 * SecretPanel shows a webhook's signing secret the one time the server gives it: after the webhook
 * is added, or given a new secret. Its heading takes focus when it appears, so a screen reader
 * reads it at once; the secret is in a read-only text area that selects whole when focused, beside a
 * button that copies it. The page drops the secret when the admin says they have saved it.
 */
export function SecretPanel({ secret, onDone }: SecretPanelProps) {
  const t = useT(staffWebhooksMessages);
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    heading.current?.focus();
  }, [secret]);

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }

  return (
    <section className={`${shared.card} ${styles.secret}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        {t('secretHeading')}
      </h2>
      <p id={`${id}-body`}>{t('secretBody')}</p>
      <div className={shared.field}>
        <label className={shared.label} htmlFor={`${id}-secret`}>
          {t('secretLabel')}
        </label>
        <div className={styles.secretRow}>
          {/* A text area, not an input: on a phone the whole secret wraps into view. */}
          <textarea
            id={`${id}-secret`}
            className={`${shared.control} ${styles.secretValue}`}
            value={secret}
            rows={2}
            readOnly
            spellCheck={false}
            autoComplete="off"
            aria-describedby={`${id}-body`}
            onFocus={(e) => e.target.select()}
          />
          <Button variant="secondary" onClick={() => void copySecret()}>
            {t('copy')}
          </Button>
        </div>
        <p className={copy === 'failed' ? shared.fieldError : shared.muted} role="status">
          {copy === 'copied' ? t('copied') : copy === 'failed' ? t('copyFailed') : ''}
        </p>
      </div>
      <div>
        <Button onClick={onDone}>{t('secretDone')}</Button>
      </div>
    </section>
  );
}
