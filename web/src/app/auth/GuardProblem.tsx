import { useT } from '@/lib/messages';
import { Notification } from '@/components/notification/Notification';
import { usePageTitle } from '@/components/layout/usePageTitle';
import pageStyles from '@/components/page/Page.module.css';

/**
 * GuardProblem is what RequireMember shows when the profile can't be had:
 *   - failed: the spec's red "Error / Unable to fetch user" notification (announced as an alert),
 *     and a word that sign-out follows, so it doesn't come as a surprise;
 *   - expired: inside the native shell, a kind request to reopen the screen from the app.
 */
export default function GuardProblem({ kind }: { kind: 'failed' | 'expired' }) {
  const t = useT();
  usePageTitle(t(kind === 'failed' ? 'auth.failedTitle' : 'auth.expiredTitle'));
  if (kind === 'expired') {
    return (
      <div className={pageStyles.page}>
        <h1>{t('auth.expiredHeading')}</h1>
        <p className={pageStyles.lead}>{t('auth.expiredBody')}</p>
      </div>
    );
  }
  return (
    <div className={pageStyles.page}>
      <h1>{t('auth.failedHeading')}</h1>
      <Notification tone="error" title={t('auth.errorTitle')}>
        {t('auth.fetchUserFailed')}
      </Notification>
      <p className={pageStyles.lead}>{t('auth.signingOut')}</p>
    </div>
  );
}
