import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/button/Button';
import admin from '@/features/backoffice/admin/admin.module.css';

interface ConfirmDialogProps {
  /** open shows the dialog; the page closes it by setting it false, or the person does. */
  open: boolean;
  title: string;
  body: string;
  confirm: string;
  keep: string;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * ConfirmDialog asks before a change that can't simply be undone, in a native modal dialog: it
 * keeps focus inside, closes on Escape and returns focus to the button that opened it. Focus starts
 * on the choice that changes nothing.
 */
export function ConfirmDialog({ open, title, body, confirm, keep, onConfirm, onClose }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    if (!element.open) element.showModal();
    return () => {
      if (element.open) element.close();
    };
  }, [open]);

  return (
    <dialog ref={dialog} className={admin.dialog} aria-labelledby={titleId} aria-describedby={bodyId} onClose={onClose}>
      {open ? (
        <div className={admin.dialogBody}>
          <h2 id={titleId}>{title}</h2>
          <p id={bodyId}>{body}</p>
          <div className={admin.actions}>
            <Button variant="secondary" autoFocus onClick={() => dialog.current?.close()}>
              {keep}
            </Button>
            <Button
              onClick={() => {
                onConfirm();
                dialog.current?.close();
              }}
            >
              {confirm}
            </Button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
