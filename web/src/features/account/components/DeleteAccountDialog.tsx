import { useId, useRef, useState } from 'react';
import { paths } from '@/config/paths';
import { isHttpStatus } from '@/lib/api-client';
import { useT, type MessageKey } from '@/lib/messages';
import { accountMessages } from '@/messages/account';
import { Button } from '@/components/button/Button';
import { useOpenModal } from '@/components/dialog/use-open-modal';
import { deleteAccount } from '@/features/account/api/delete-account';
import { DownloadStatus, FailureText, type DownloadState } from './DownloadStatus';
import styles from './AccountMenu.module.css';

interface DeleteAccountDialogProps {
  /** subscribed says the member holds a plan, which deleting cancels: the dialog says so. */
  subscribed: boolean;
  download: DownloadState;
  onDownload: () => void;
  /** onClose is told the member kept their account (the button, or Escape). */
  onClose: () => void;
}

/**
 * DeleteAccountDialog asks once, plainly, before the account goes: what deleting removes, that it
 * can't be undone, and a last chance to download a copy. Keeping the account is the first button
 * and has focus, so a stray Enter keeps everything. It is a native modal <dialog>: focus stays in
 * it and Escape closes it. Once deleted, the page loads the goodbye page afresh, so nothing of the
 * member stays in its memory.
 */
export function DeleteAccountDialog({ subscribed, download, onDownload, onClose }: DeleteAccountDialogProps) {
  const t = useT(accountMessages);
  const dialog = useRef<HTMLDialogElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const bodyId = useId();
  const [working, setWorking] = useState(false);
  const [failure, setFailure] = useState<{ text: MessageKey<typeof accountMessages>; error: unknown } | null>(null);

  // The safe choice takes focus rather than the first control (the download link).
  useOpenModal(dialog, keepRef);

  async function onDelete() {
    if (working) return;
    setWorking(true);
    setFailure(null);
    try {
      await deleteAccount();
      window.location.assign(paths.goodbye);
    } catch (error) {
      setWorking(false);
      let text: MessageKey<typeof accountMessages> = 'deleteFailed';
      if (isHttpStatus(error, 401)) text = 'deleteSignedOut';
      else if (isHttpStatus(error, 403)) text = 'deleteStaff';
      setFailure({ text, error });
    }
  }

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={headingId}
      aria-describedby={bodyId}
      onClose={onClose}
      onCancel={(event) => {
        // While the deletion is under way the dialog stays, so its outcome is always seen.
        if (working) event.preventDefault();
      }}
    >
      <h2 id={headingId} className={styles.dialogHeading}>
        {t('deleteHeading')}
      </h2>
      <div id={bodyId}>
        <p>{t('deleteBody')}</p>
        {subscribed ? <p>{t('deleteSubscription')}</p> : null}
      </div>
      <p className={styles.copyFirst}>
        {t('deleteKeepCopy')}{' '}
        <button type="button" className={styles.inlineButton} onClick={onDownload} aria-disabled={download.state === 'working'}>
          {t('download')}
        </button>
      </p>
      <DownloadStatus download={download} />
      {failure ? (
        <p role="alert">
          <FailureText text={failure.text} error={failure.error} />
        </p>
      ) : null}
      <div className={styles.dialogActions}>
        <Button ref={keepRef} block onClick={() => dialog.current?.close()} disabled={working}>
          {t('deleteKeep')}
        </Button>
        <Button variant="danger" block onClick={() => void onDelete()} aria-disabled={working}>
          {working ? t('deleting') : t('deleteConfirm')}
        </Button>
      </div>
    </dialog>
  );
}
