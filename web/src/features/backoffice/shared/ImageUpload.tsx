import { useId, useRef, useState } from 'react';
import { useT } from '@/lib/messages';
import { staffMessages } from '@/messages/staff';
import { acceptedImageTypes, checkImage } from './image-check';
import styles from './ImageUpload.module.css';

export interface ImageUploadProps {
  /** label names the file input ("Profile picture", "Portrait"). */
  label: string;
  /** currentUrl is the image on file now, or null for none. */
  currentUrl: string | null;
  /** alt describes the image for screen readers. */
  alt: string;
  /** upload sends the chosen file; it rejects when the server refuses it. */
  upload: (file: File) => Promise<void>;
  /** remove deletes the image on file; without it there is no remove button. */
  remove?: () => Promise<void>;
  /** failureText is the words shown when an upload fails ("Unable to upload profile picture"). */
  failureText: string;
}

type Busy = 'upload' | 'remove' | null;

interface Outcome {
  tone: 'success' | 'error';
  text: string;
  reason?: string;
}

/**
 * readAsDataUrl reads a file for its preview. It is a data: URL rather than an object URL because
 * the site's Content-Security-Policy allows images from data: but not from blob:. A file that
 * can't be read simply has no preview; the upload goes on without it.
 */
function readAsDataUrl(file: File): Promise<string | null> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(file);
  });
}

/**
 * ImageUpload picks, checks and sends one image (a member's picture, a coach's portrait). Choosing
 * a file sends it at once: there is nothing else to fill in, so a separate "Upload" button would
 * only be one more step. The file is checked in the browser first (type, 5 MB), shown as a preview
 * while it travels, and every control rests while a request is on its way, so nothing is sent twice.
 * The outcome is written beside the control: an alert for a failure, a status for a success.
 */
export function ImageUpload({ label, currentUrl, alt, upload, remove, failureText }: ImageUploadProps) {
  const t = useT(staffMessages);
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // preview is the chosen file, shown until the page hands over the stored image's new address
  // (over is the address it was chosen over).
  const [preview, setPreview] = useState<{ url: string; over: string | null } | null>(null);

  // Once the stored image's address changes, the preview has served its purpose.
  const shownPreview = preview && preview.over === currentUrl ? preview.url : null;
  const shown = shownPreview ?? currentUrl;

  const clearInput = () => {
    if (input.current) input.current.value = '';
  };

  async function onChoose(file: File | undefined) {
    if (!file) return;
    const problem = checkImage(file);
    if (problem) {
      setOutcome({ tone: 'error', text: failureText, reason: t(problem === 'type' ? 'pictureWrongType' : 'pictureTooLarge') });
      clearInput();
      return;
    }
    setOutcome(null);
    setBusy('upload');
    const over = currentUrl;
    let failed = false;
    void readAsDataUrl(file).then((url) => {
      if (url && !failed) setPreview({ url, over });
    });
    try {
      await upload(file);
      setOutcome({ tone: 'success', text: t('pictureSaved') });
    } catch {
      failed = true;
      setPreview(null);
      setOutcome({ tone: 'error', text: failureText });
    } finally {
      setBusy(null);
      clearInput();
    }
  }

  async function onRemove() {
    if (!remove) return;
    setOutcome(null);
    setBusy('remove');
    try {
      await remove();
      setPreview(null);
      setOutcome({ tone: 'success', text: t('pictureRemoved') });
    } catch {
      setOutcome({ tone: 'error', text: t('pictureRemoveFailed') });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className={styles.upload} aria-busy={busy !== null}>
      <div className={styles.frame}>
        {shown ? (
          <img className={styles.image} src={shown} alt={alt} width={96} height={96} />
        ) : (
          <span className={styles.empty}>{t('pictureNone')}</span>
        )}
      </div>
      <div className={styles.controls}>
        <label className={styles.label} htmlFor={inputId}>
          {label}
        </label>
        <input
          ref={input}
          id={inputId}
          className={styles.input}
          type="file"
          accept={acceptedImageTypes.join(',')}
          aria-describedby={hintId}
          disabled={busy !== null}
          onChange={(event) => void onChoose(event.currentTarget.files?.[0])}
        />
        <p id={hintId} className={styles.hint}>
          {t('pictureHint')}
        </p>
        {remove && currentUrl ? (
          <button type="button" className={styles.remove} disabled={busy !== null} onClick={() => void onRemove()}>
            {t('pictureRemove')}
          </button>
        ) : null}
        {busy ? (
          <p className={styles.busy} role="status">
            {t(busy === 'upload' ? 'pictureUploading' : 'pictureRemoving')}
          </p>
        ) : null}
        {outcome?.tone === 'error' ? (
          <p className={styles.error} role="alert">
            {outcome.text}
            {outcome.reason ? <span className={styles.reason}> {outcome.reason}</span> : null}
          </p>
        ) : null}
        {outcome?.tone === 'success' ? (
          <p className={styles.success} role="status">
            {outcome.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}
