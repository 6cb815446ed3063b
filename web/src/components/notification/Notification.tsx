import type { ReactNode } from 'react';
import styles from './Notification.module.css';

/** NotificationTone: info is a calm note; error says something went wrong and is announced. */
export type NotificationTone = 'info' | 'error';

interface NotificationProps {
  tone?: NotificationTone;
  title: string;
  children?: ReactNode;
}

// Notification shows a short titled message. Errors use role="alert" so screen readers announce
// them when they appear; an info note is part of the page and is read in order like any text.
export function Notification({ tone = 'info', title, children }: NotificationProps) {
  return (
    <div className={`${styles.notification} ${styles[tone]}`} role={tone === 'error' ? 'alert' : undefined}>
      <svg className={styles.icon} width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <circle cx="10" cy="10" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
        {tone === 'error' ? (
          <path d="M10 5.5v5.5M10 13.5v1" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        ) : (
          <path d="M10 9v5.5M10 5.5v1" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        )}
      </svg>
      <div className={styles.text}>
        <p className={styles.title}>{title}</p>
        {children ? <div className={styles.body}>{children}</div> : null}
      </div>
    </div>
  );
}
