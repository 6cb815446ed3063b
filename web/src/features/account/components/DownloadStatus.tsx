import { useT, type MessageKey } from '@/lib/messages';
import { accountMessages } from '@/messages/account';
import { FailureText as RequestFailureText } from '@/components/failure/FailureText';
import styles from './AccountMenu.module.css';

/** DownloadState is how the download of the member's data is going. */
export type DownloadState = { state: 'idle' } | { state: 'working' } | { state: 'done' } | { state: 'failed'; text: MessageKey<typeof accountMessages>; error: unknown };

/**
 * DownloadStatus tells how the download of the member's data is going, in a live region: the menu
 * and the delete dialog both show it.
 */
export function DownloadStatus({ download }: { download: DownloadState }) {
  const t = useT(accountMessages);
  return (
    <p className={styles.status} role="status">
      {download.state === 'working' ? t('downloading') : null}
      {download.state === 'done' ? t('downloaded') : null}
      {download.state === 'failed' ? (
        <FailureText text={download.text} error={download.error} />
      ) : null}
    </p>
  );
}

/**
 * FailureText says in plain words what failed and what to do, with the short reference code of the
 * request for support, when there was one.
 */
export function FailureText({ text, error }: { text: MessageKey<typeof accountMessages>; error: unknown }) {
  const t = useT(accountMessages);
  return (
    <span className={styles.failed}>
      <RequestFailureText error={error} text={t(text)} />
    </span>
  );
}
