import { useT } from '@/lib/messages';
import { appMessages } from '@/messages/app';
import styles from './PageLoading.module.css';

/**
 * PageLoading fills the scroll area while a page's code arrives on first load. The top bar is
 * already painted around it; a calm pulse appears only if the wait is long enough to notice.
 */
export function PageLoading() {
  const t = useT(appMessages);
  return (
    <div className={styles.loading} role="status">
      <span className={styles.dot} aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
