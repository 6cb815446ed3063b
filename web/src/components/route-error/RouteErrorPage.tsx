import { HttpError } from '@/lib/api-client';
import { useT } from '@/lib/messages';
import { appMessages } from '@/messages/app';
import { FailureText } from '@/components/failure/FailureText';
import { Button } from '@/components/button/Button';
import { Notification } from '@/components/notification/Notification';
import { usePageTitle } from '@/components/layout/usePageTitle';
import styles from '@/components/page/Page.module.css';

/**
 * RouteErrorPage shows inside the page frame when a page fails. That is most often a page whose
 * code could not be downloaded (the connection dropped, or a new version replaced the files),
 * which a reload fixes. When it was the server that failed the page, it says so, with the
 * request's reference for support.
 */
export function RouteErrorPage({ error }: { error?: unknown }) {
  const t = useT(appMessages);
  usePageTitle(t('routeError.title'));
  return (
    <div className={styles.page}>
      <h1>{t('routeError.heading')}</h1>
      <Notification tone="error" title={t('routeError.title')}>
        {error instanceof HttpError ? <FailureText error={error} /> : t('routeError.body')}
      </Notification>
      <div className={styles.actions}>
        <Button onClick={() => window.location.reload()}>{t('routeError.retry')}</Button>
      </div>
    </div>
  );
}
