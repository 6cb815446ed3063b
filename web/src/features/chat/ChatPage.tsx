import type { ReactNode } from 'react';
import { useRuntimeConfig } from '@/config/runtime-context';
import { useT } from '@/lib/messages';
import { chatMessages } from '@/messages/chat';
import { ButtonAnchor, ButtonLink } from '@/components/button/Button';
import { Notification } from '@/components/notification/Notification';
import { usePageTitle } from '@/components/layout/usePageTitle';
import pageStyles from '@/components/page/Page.module.css';
import styles from './ChatPage.module.css';

/**
 * ChatPage is /chat for a signed-in member (spec §2 implies the route), but the chat with a coach
 * lives in the iOS app, not on the web: so the page says so plainly,
 * offers the App Store, and leads back to where the member left off in sign-up. resume is that way
 * back (a ResumeButton), composed by the app, which knows the journey's rules; while it is being
 * worked out it is left out, rather than pointing somewhere wrong.
 */
export function ChatPage({ resume }: { resume: ReactNode }) {
  const t = useT(chatMessages);
  const { appStoreUrl } = useRuntimeConfig();
  usePageTitle(t('title'));
  return (
    <div className={pageStyles.page}>
      <h1>{t('heading')}</h1>
      <p className={pageStyles.lead}>{t('lead')}</p>
      <p>{t('how')}</p>
      <div className={styles.actions}>
        {appStoreUrl ? (
          <ButtonAnchor href={appStoreUrl} block>
            {t('openStore')}
          </ButtonAnchor>
        ) : (
          <Notification title={t('noStoreLink')} />
        )}
      </div>
      <section className={styles.resume} aria-labelledby="chat-resume-heading">
        <h2 id="chat-resume-heading">{t('resumeHeading')}</h2>
        <p>{t('resumeBody')}</p>
        {resume}
      </section>
    </div>
  );
}

/** ResumeButton leads back into sign-up, to the step the member continues at. */
export function ResumeButton({ to }: { to: string }) {
  const t = useT(chatMessages);
  return (
    <ButtonLink to={to} variant="secondary" block>
      {t('resume')}
    </ButtonLink>
  );
}
