import { useT } from '@/lib/messages';
import { guardProblemMessages } from '@/messages/guard-problem';
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
  const t = useT(guardProblemMessages);
  usePageTitle(t(kind === 'failed' ? 'failedTitle' : 'expiredTitle'));
  if (kind === 'expired') {
    return (
      <div className={pageStyles.page}>
        <h1>{t('expiredHeading')}</h1>
        <p className={pageStyles.lead}>{t('expiredBody')}</p>
      </div>
    );
  }
  return (
    <div className={pageStyles.page}>
      <h1>{t('failedHeading')}</h1>
      <Notification tone="error" title={t('errorTitle')}>
        {t('fetchUserFailed')}
      </Notification>
      <p className={pageStyles.lead}>{t('signingOut')}</p>
    </div>
  );
}
