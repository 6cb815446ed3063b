import { useId, useState } from 'react';
import { HttpError } from '@/lib/api-client';
import { referenceOf } from '@/lib/problem';
import { useT } from '@/lib/messages';
import { staffMessages } from '@/messages/staff';
import { Button } from '@/components/button/Button';
import styles from './DownloadButton.module.css';

type Download = { state: 'idle' } | { state: 'working' } | { state: 'done' } | { state: 'failed'; answered: boolean; reference: string };

interface DownloadButtonProps {
  /** label names the file ("Download CSV"); hint says what is in it, read as the button's description. */
  label: string;
  hint: string;
  /** download fetches the file and hands it to the browser (see downloadCsv). */
  download: () => Promise<void>;
}

/**
 * DownloadButton starts a download and says, in a live region under it, how it went: a failure in
 * plain words with the request's reference code, never a status code. A second press while the file
 * is on its way does nothing.
 */
export function DownloadButton({ label, hint, download }: DownloadButtonProps) {
  const t = useT(staffMessages);
  const hintId = useId();
  const [state, setState] = useState<Download>({ state: 'idle' });

  async function start() {
    if (state.state === 'working') return;
    setState({ state: 'working' });
    try {
      await download();
      setState({ state: 'done' });
    } catch (error) {
      setState({ state: 'failed', answered: error instanceof HttpError, reference: referenceOf(error) });
    }
  }

  return (
    <div className={styles.download}>
      <Button variant="secondary" onClick={() => void start()} aria-describedby={hintId} aria-disabled={state.state === 'working' || undefined}>
        <DownloadIcon />
        {label}
      </Button>
      <p id={hintId} className={styles.hint}>
        {hint}
      </p>
      <p role="status" className={styles.status}>
        {state.state === 'working' ? t('downloading') : null}
        {state.state === 'done' ? t('downloaded') : null}
        {state.state === 'failed' ? (
          <span className={styles.failed}>
            {t(state.answered ? 'downloadFailed' : 'downloadConnection')}
            {state.reference ? <span className={styles.reference}> {t('reference', { id: state.reference })}</span> : null}
          </span>
        ) : null}
      </p>
    </div>
  );
}

function DownloadIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 4v11" />
      <path d="M7 10l5 5 5-5" />
      <path d="M5 20h14" />
    </svg>
  );
}
