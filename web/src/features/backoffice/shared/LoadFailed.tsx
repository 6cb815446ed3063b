import { useT } from '@/lib/messages';
import { staffMessages } from '@/messages/staff';
import styles from './StaffPage.module.css';

/**
 * LoadFailed says, as an alert, that something could not be loaded, in the words given (the spec's
 * "Unable to fetch user", say), and offers to try again.
 */
export function LoadFailed({ text, detail, onRetry }: { text: string; detail?: string; onRetry?: () => void }) {
  const t = useT(staffMessages);
  return (
    <div className={styles.failed} role="alert">
      <p className={styles.failedText}>{text}</p>
      {detail ? <p>{detail}</p> : null}
      {onRetry ? (
        <button type="button" className={styles.secondaryButton} onClick={onRetry}>
          {t('retry')}
        </button>
      ) : null}
    </div>
  );
}

/** Loading fills a staff page's place while its data is on its way. */
export function Loading() {
  const t = useT(staffMessages);
  return (
    <p className={styles.loading} role="status">
      {t('loading')}
    </p>
  );
}
