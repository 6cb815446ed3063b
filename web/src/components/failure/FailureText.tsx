import { failureKindOf, referenceOf } from '@/lib/problem';
import { useT } from '@/lib/messages';
import { appMessages } from '@/messages/app';
import styles from './FailureText.module.css';

interface FailureTextProps {
  /** error is what the API client threw. */
  error: unknown;
  /**
   * text replaces the general words for a server failure where the page can say more (nothing
   * was charged, nothing was changed). A lost connection is always told as such.
   */
  text?: string;
}

/**
 * FailureText says in plain words what went wrong with a request and what to do, never a status
 * code or a library's message: the connection (check it, try again) or our side (try again in a
 * minute). A failure the server answered carries the start of its request id, for the member to
 * quote to support, who find the whole id and its log line from it.
 */
export function FailureText({ error, text }: FailureTextProps) {
  const t = useT(appMessages);
  const reference = referenceOf(error);
  const words = failureKindOf(error) === 'connection' ? t('failure.connection') : (text ?? t('failure.server'));
  return (
    <>
      {words}
      {reference ? (
        <>
          {' '}
          <span className={styles.reference}>{t('failure.reference', { id: reference })}</span>
        </>
      ) : null}
    </>
  );
}
