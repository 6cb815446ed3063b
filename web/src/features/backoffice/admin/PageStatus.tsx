import { useId } from 'react';
import { isHttpStatus } from '@/lib/api-client';
import { useT } from '@/lib/messages';
import { staffAdminMessages } from '@/messages/staff-admin';
import { LoadFailed as SharedLoadFailed } from '@/features/backoffice/shared/LoadFailed';
import { ProblemError } from '@/features/backoffice/shared/problem';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import styles from './admin.module.css';

/** refusedWith tells whether an error is the server's answer with that status, raw or read. */
export function refusedWith(error: unknown, status: number): boolean {
  return isHttpStatus(error, status) || (error instanceof ProblemError && error.status === status);
}

/** Loading says, in words, what is on its way ("Loading coaches…"). */
export function Loading({ text }: { text: string }) {
  return (
    <p className={styles.loading} role="status">
      <span className={styles.pulse} aria-hidden="true" />
      {text}
    </p>
  );
}

interface LoadFailedProps {
  /** title says what did not load ("We couldn’t load the coaches"). */
  title: string;
  error: unknown;
  retry: () => void;
}

/**
 * LoadFailed says why a page's data did not arrive and offers the way on. An account the server
 * refuses (403: not an admin) is told the page is for administrators, since trying again would
 * only be refused again; a sign-in that ran out (401) is asked to sign in again; anything else may
 * be tried again.
 */
export function LoadFailed({ title, error, retry }: LoadFailedProps) {
  const t = useT(staffAdminMessages);
  const headingId = useId();
  const refusal = refusedWith(error, 403) ? 'admin' : refusedWith(error, 401) ? 'signedOut' : null;
  if (!refusal) return <SharedLoadFailed text={title} detail={t('loadFailed')} onRetry={retry} />;
  return (
    <section className={shared.card} aria-labelledby={headingId}>
      <h2 id={headingId}>{t(refusal === 'admin' ? 'adminOnlyHeading' : 'signedOutHeading')}</h2>
      <p>{t(refusal === 'admin' ? 'adminOnly' : 'signedOut')}</p>
    </section>
  );
}
