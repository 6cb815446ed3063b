import { useRuntimeConfig } from '@/config/runtime-context';
import { paths } from '@/config/paths';
import { ButtonAnchor, ButtonLink } from '@/components/button/Button';
import { Notification } from '@/components/notification/Notification';
import { usePageTitle } from '@/components/layout/usePageTitle';
import { useCoaches } from '@/features/coaches/api/list-coaches';
import { isIPhone } from '@/features/coaches/handoff';
import { useCoachesT } from '@/features/coaches/messages';
import { QrCode } from './QrCode';
import styles from './GetTheApp.module.css';

/** useCurrentCoach names the member's coach, once the coach list (usually already loaded) has it. */
function useCurrentCoach(): string | undefined {
  return useCoaches().data?.find((c) => c.current)?.firstName;
}

/** StoreLink is the App Store button, or a plain way to find the app when no link is configured. */
function StoreLink() {
  const t = useCoachesT();
  const { appStoreUrl } = useRuntimeConfig();
  if (!appStoreUrl) return <Notification title={t('noStoreLink')} />;
  return (
    <ButtonAnchor href={appStoreUrl} block>
      {t('openStore')}
    </ButtonAnchor>
  );
}

/**
 * DownloadApp is /account/download-app, where a member who chose a coach away from an iPhone gets
 * the app: a QR code to scan with the iPhone's camera, and the App Store link itself.
 */
export function DownloadApp() {
  const t = useCoachesT();
  const { appStoreUrl } = useRuntimeConfig();
  const coach = useCurrentCoach();
  usePageTitle(t('downloadTitle'));
  const onIPhone = isIPhone(navigator.userAgent);
  return (
    <div className={styles.page}>
      <h1>{t('downloadHeading')}</h1>
      <p className={styles.lead}>{coach ? t('downloadLeadCoach', { coach }) : t('downloadLead')}</p>
      {appStoreUrl && !onIPhone ? (
        <figure className={styles.qr}>
          <QrCode text={appStoreUrl} label={t('qrLabel')} />
          <figcaption>{t('qrCaption')}</figcaption>
        </figure>
      ) : null}
      <ol className={styles.steps}>
        <li>{t('step1')}</li>
        <li>{t('step2')}</li>
        <li>{t('step3')}</li>
      </ol>
      <div className={styles.actions}>
        <StoreLink />
        <ButtonLink to={paths.account.finish} variant="secondary" block>
          {t('haveApp')}
        </ButtonLink>
      </div>
    </div>
  );
}

/** Finish is /account/finish, the end of the web journey: the member carries on in the app. */
export function Finish() {
  const t = useCoachesT();
  const coach = useCurrentCoach();
  usePageTitle(t('finishTitle'));
  return (
    <div className={styles.page}>
      <h1>{t('finishHeading')}</h1>
      <p className={styles.lead}>{coach ? t('finishLeadCoach', { coach }) : t('finishLead')}</p>
      <p>{t('finishSignIn')}</p>
      <div className={styles.actions}>
        <StoreLink />
      </div>
    </div>
  );
}
