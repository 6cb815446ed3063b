import { createContext, use, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useT } from '@/lib/messages';
import { staffMessages } from '@/messages/staff';
import styles from './Notices.module.css';

/** NoticeInput is one message to show: a success, or a failure with the server's reason if any. */
export interface NoticeInput {
  tone: 'success' | 'error';
  text: string;
  /** detail follows the text: the server's reason ("That coach has no room"). */
  detail?: string;
}

interface Notice extends NoticeInput {
  id: number;
}

/** SUCCESS_NOTICE_MS is how long a success stays; a failure stays until dismissed or replaced. */
export const SUCCESS_NOTICE_MS = 8000;

type Notify = (notice: NoticeInput) => void;

const NotifyContext = createContext<Notify | null>(null);

/** useNotify returns the function that shows a notice over the staff page. */
export function useNotify(): Notify {
  const notify = use(NotifyContext);
  if (!notify) throw new Error('useNotify is used outside NoticesProvider');
  return notify;
}

let nextId = 1;

/**
 * detailAfter returns what a detail adds to a notice's text. The server sometimes starts its reason
 * with the very words of the notice ("Unable to update user profile: some details need another
 * look."), which would read twice; then only the rest is kept, as a sentence of its own.
 */
export function detailAfter(text: string, detail: string | undefined): string {
  if (!detail) return '';
  if (!detail.toLowerCase().startsWith(text.toLowerCase())) return detail;
  const rest = detail.slice(text.length).replace(/^[\s:;,.\-–—]+/, '');
  return rest ? rest[0]!.toUpperCase() + rest.slice(1) : '';
}

/**
 * NoticesProvider shows the staff app's notices (a toast): one at a time, a new one replacing the
 * last, so the newest outcome is never hidden behind an older one. Both live regions are on the
 * page from the start, empty, because screen readers announce what is added to a region they
 * already know, and may miss a region that appears with its text: a success is read politely
 * (role="status"), a failure at once (role="alert"). A success fades after a few seconds; a
 * failure stays until it is dismissed or replaced, since it asks for something to be done. A
 * notice outlives a change of page on purpose: a page that saves and then moves on (a new coach,
 * say) says so on the page it moves to.
 */
export function NoticesProvider({ children }: { children: ReactNode }) {
  const t = useT(staffMessages);
  const [notice, setNotice] = useState<Notice | null>(null);
  const notify = useCallback<Notify>((input) => setNotice({ ...input, id: nextId++ }), []);

  useEffect(() => {
    if (notice?.tone !== 'success') return;
    const timer = setTimeout(() => setNotice((current) => (current === notice ? null : current)), SUCCESS_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const shown = notice;

  const detail = shown ? detailAfter(shown.text, shown.detail) : '';
  const body = (tone: NoticeInput['tone']) =>
    shown?.tone === tone ? (
      <div key={shown.id} className={`${styles.notice} ${styles[tone]}`}>
        <p className={styles.text}>
          <span className={styles.title}>{shown.text}</span>
          {detail ? <span className={styles.detail}>{detail}</span> : null}
        </p>
        <button type="button" className={styles.dismiss} aria-label={t('dismiss')} onClick={() => setNotice(null)}>
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M3 3l10 10M13 3 3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    ) : null;

  return (
    <NotifyContext value={notify}>
      {children}
      <div className={styles.stack}>
        <div role="status" className={styles.region}>
          {body('success')}
        </div>
        <div role="alert" className={styles.region}>
          {body('error')}
        </div>
      </div>
    </NotifyContext>
  );
}
