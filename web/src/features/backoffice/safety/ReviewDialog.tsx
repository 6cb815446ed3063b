import { useId, useRef, useState, type FormEvent } from 'react';
import { useT } from '@/lib/messages';
import { staffSafetyMessages } from '@/messages/staff-safety';
import { useOpenModal } from '@/components/dialog/use-open-modal';
import { problemOf } from '@/features/backoffice/shared/problem';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import type { SafetyFollowUp } from './api/get-safety-queue';
import { useReviewFollowUp } from './api/review-follow-up';
import styles from './SafetyPage.module.css';

/** NOTE_MAX is the longest note the server takes. */
export const NOTE_MAX = 2000;

interface ReviewDialogProps {
  followUp: SafetyFollowUp;
  /** name is the member's name as the queue shows it. */
  name: string;
  /** onDone is told the review was saved, and whether the journey was reopened with it; the page
   * then takes the dialog away. */
  onDone: (reopened: boolean) => void;
  /** onClose is told the dialog was closed without saving (Cancel, Escape). */
  onClose: () => void;
}

/**
 * ReviewDialog records that someone has followed a disclosure up: a note of what was done (needed)
 * and whether the member may go on with sign-up now. It is a native modal <dialog>: focus moves
 * into it and stays there, Escape closes it, and focus goes back where it was. The rest of the page
 * can't be used meanwhile, toasts included, so a failure is written inside the dialog.
 */
export function ReviewDialog({ followUp, name, onDone, onClose }: ReviewDialogProps) {
  const t = useT(staffSafetyMessages);
  const dialog = useRef<HTMLDialogElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const headingId = useId();
  const noteId = useId();
  const hintId = useId();
  const errorId = useId();
  const reopenId = useId();
  const mutation = useReviewFollowUp();
  const [note, setNote] = useState('');
  const [reopen, setReopen] = useState(false);
  const [noteError, setNoteError] = useState('');
  const [failure, setFailure] = useState<{ text: string; detail: string } | null>(null);

  useOpenModal(dialog);

  // Closing the dialog itself (rather than only taking it away) gives focus back to the button that
  // opened it; the close event then tells the page.
  function close() {
    const element = dialog.current;
    if (element?.open && typeof element.close === 'function') element.close();
    else onClose();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = note.trim();
    if (!text) {
      setNoteError(t('noteMissing'));
      noteRef.current?.focus();
      return;
    }
    setNoteError('');
    setFailure(null);
    // mutateAsync rather than mutate's callbacks: the outcome is acted on even if the lists behind
    // the dialog change meanwhile.
    try {
      await mutation.mutateAsync({ id: followUp.id, note: text, reopenJourney: reopen });
    } catch (error) {
      const { detail, fields } = problemOf(error);
      if (fields.note) {
        setNoteError(fields.note);
        noteRef.current?.focus();
      }
      setFailure({ text: t('reviewFailed'), detail });
      return;
    }
    onDone(reopen);
  }

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={headingId} onClose={onClose}>
      <form className={styles.dialogForm} onSubmit={(event) => void onSubmit(event)} noValidate>
        <h2 id={headingId}>{t('dialogHeading', { name })}</h2>
        <p className={shared.muted}>{t('dialogIntro')}</p>
        <div className={shared.field}>
          <label className={shared.label} htmlFor={noteId}>
            {t('noteLabel')}
          </label>
          <p id={hintId} className={shared.muted}>
            {t('noteHint')}
          </p>
          <textarea
            ref={noteRef}
            id={noteId}
            className={`${shared.control} ${styles.note}`}
            required
            maxLength={NOTE_MAX}
            rows={5}
            value={note}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? `${hintId} ${errorId}` : hintId}
            onChange={(event) => setNote(event.target.value)}
          />
          {noteError ? (
            <p id={errorId} className={shared.fieldError}>
              {noteError}
            </p>
          ) : null}
        </div>
        <div className={styles.check}>
          <input id={reopenId} type="checkbox" checked={reopen} onChange={(event) => setReopen(event.target.checked)} aria-describedby={`${reopenId}-hint`} />
          <div>
            <label htmlFor={reopenId} className={shared.label}>
              {t('reopenLabel')}
            </label>
            <p id={`${reopenId}-hint`} className={shared.muted}>
              {t('reopenHint')}
            </p>
          </div>
        </div>
        {failure ? (
          <div className={shared.failed} role="alert">
            <p className={shared.failedText}>{failure.text}</p>
            {failure.detail ? <p>{failure.detail}</p> : null}
          </div>
        ) : null}
        <div className={styles.dialogActions}>
          <button type="submit" className={shared.primaryButton} disabled={mutation.isPending}>
            {mutation.isPending ? t('saving') : t('save')}
          </button>
          <button type="button" className={shared.secondaryButton} onClick={close}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
