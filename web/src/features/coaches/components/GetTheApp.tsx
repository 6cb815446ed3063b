import { useId } from 'react';
import { Link } from 'wouter';
import { useRuntimeConfig } from '@/config/runtime-context';
import { paths } from '@/config/paths';
import { useT } from '@/lib/messages';
import { coachesMessages } from '@/messages/coaches';
import { ButtonAnchor, ButtonLink } from '@/components/button/Button';
import { Notification } from '@/components/notification/Notification';
import { usePageTitle } from '@/components/layout/usePageTitle';
import { useCoaches, type Coach } from '@/features/coaches/api/list-coaches';
import { isIPhone } from '@/features/coaches/handoff';
import { QrCode } from './QrCode';
import styles from './GetTheApp.module.css';

/** useCurrentCoach returns the member's coach, once the coach list (usually already loaded) has it. */
function useCurrentCoach(): Coach | undefined {
  return useCoaches().data?.find((c) => c.current);
}

/** StoreLink is the App Store button, or a plain way to find the app when no link is configured. */
function StoreLink() {
  const t = useT(coachesMessages);
  const { appStoreUrl } = useRuntimeConfig();
  if (!appStoreUrl) return <Notification title={t('noStoreLink')} />;
  return (
    <ButtonAnchor href={appStoreUrl} block>
      {t('openStore')}
    </ButtonAnchor>
  );
}

interface DoneProps {
  /** heading and lines are the done step's copy from the survey definition, filled in. */
  heading: string;
  lines: readonly string[];
  /** coachChosen: the member has a coach, whose card keeps its place while the list loads. */
  coachChosen: boolean;
}

/**
 * Done is the end of the journey on the web (/account/download-app): the member has a coach, and
 * is shown who, what happens next, and the way to the app (GetTheApp). A member who comes back
 * lands here, not on the chooser again; a quiet link still leads there to switch.
 */
export function Done({ heading, lines, coachChosen }: DoneProps) {
  const t = useT(coachesMessages);
  const coach = useCurrentCoach();
  usePageTitle(heading);
  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <h1>{heading}</h1>
        {coachChosen || coach ? (
          // The coach's place is kept while the list loads, so nothing below moves when it arrives.
          <div className={styles.coach}>
            {coach ? <img className={styles.avatar} src={coach.avatarUrl} alt="" width={88} height={88} decoding="async" /> : <span className={styles.avatar} />}
            <p>
              <span className={styles.coachLabel}>{t('current')}</span>
              <span className={styles.coachName}>{coach ? `${coach.firstName} ${coach.lastName}` : '\u00a0'}</span>
            </p>
          </div>
        ) : null}
        {lines.map((line, index) => (
          <p key={index} className={styles.lead}>
            {line}
          </p>
        ))}
      </header>
      <GetTheApp switchCoach />
    </div>
  );
}

/**
 * GetTheApp is the way to the app, for the pages that hand the member over (the done step, the
 * payment's answer): the App Store button on an iPhone, and elsewhere a QR code to scan with the
 * iPhone's camera as well, then what happens next. switchCoach adds a quiet link back to the
 * chooser. It goes inside a page's own column.
 */
export function GetTheApp({ switchCoach = false }: { switchCoach?: boolean }) {
  const t = useT(coachesMessages);
  const { appStoreUrl } = useRuntimeConfig();
  const coach = useCurrentCoach();
  const nextId = useId();
  const onIPhone = isIPhone(navigator.userAgent);
  return (
    <>
      {appStoreUrl && !onIPhone ? (
        <figure className={styles.qr}>
          <QrCode text={appStoreUrl} label={t('qrLabel')} />
          <figcaption>{t('qrCaption')}</figcaption>
        </figure>
      ) : null}
      <section className={styles.next} aria-labelledby={nextId}>
        <h2 id={nextId}>{t('nextHeading')}</h2>
        <ol className={styles.steps}>
          <li>{t('step1')}</li>
          <li>{t('step2')}</li>
          <li>{coach ? t('step3Coach', { coach: coach.firstName }) : t('step3')}</li>
        </ol>
      </section>
      <div className={styles.actions}>
        <StoreLink />
        <ButtonLink to={paths.account.finish} variant="secondary" block>
          {t('haveApp')}
        </ButtonLink>
        {switchCoach && coach ? (
          <Link className={styles.switch} to={paths.account.meetYourCoach}>
            {t('switchCoach')}
          </Link>
        ) : null}
      </div>
    </>
  );
}

/** Finish is /account/finish, the end of the web journey: the member carries on in the app. */
export function Finish() {
  const t = useT(coachesMessages);
  const coach = useCurrentCoach()?.firstName;
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
