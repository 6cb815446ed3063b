import { useT } from '@/lib/messages';
import { appMessages } from '@/messages/app';
import styles from './LoadingOverlay.module.css';

/**
 * LoadingOverlay covers the whole screen while the app finds out who the member is, or hands them
 * over to sign-in (spec §2). It is fixed over the page, so its coming and going moves nothing
 * underneath. The pulse and the "One moment" line appear only after a short wait, so a fast answer
 * shows no flicker of activity; with reduced motion they are still and simply shown.
 */
export function LoadingOverlay() {
  const t = useT(appMessages);
  return (
    <div className={styles.overlay} role="status" aria-label={t('loadingName')}>
      <div className={styles.content}>
        <span className={styles.dots} aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <p className={styles.caption}>{t('loading')}</p>
      </div>
    </div>
  );
}
