import { useT } from '@/lib/messages';
import { safetyMessages } from '@/messages/safety';
import { ButtonAnchor } from '@/components/button/Button';
import { usePageTitle } from '@/components/layout/usePageTitle';
import pageStyles from '@/components/page/Page.module.css';
import { emergency, lifeline } from './crisis-lines';
import styles from './CrisisSupportPage.module.css';

/**
 * CrisisSupportPage is shown when a member tells us they have had thoughts of self-harm
 * (/we-are-sorry-no-go and /account/thank-you). It is static and ships in the main bundle: it
 * makes no request of any kind, so it appears at once even if saving the answer failed or the
 * connection is gone. Every way to get help is one tap, with the number on the button, and on a
 * small phone both the Lifeline and 911 fit on the first screen without scrolling.
 */
export function CrisisSupportPage() {
  const t = useT(safetyMessages);
  usePageTitle(t('title'));
  return (
    <div className={styles.page}>
      <div className={styles.intro}>
        <h1>{t('heading')}</h1>
        <p className={pageStyles.lead}>{t('intro')}</p>
      </div>

      <section className={styles.card} aria-labelledby="crisis-lifeline">
        <div className={styles.cardText}>
          <h2 id="crisis-lifeline">{t('lifelineHeading')}</h2>
          <p className={styles.note}>{t('lifelineBody')}</p>
        </div>
        <ButtonAnchor href={lifeline.call} block>
          <PhoneIcon />
          {t('call988')}
        </ButtonAnchor>
        <div className={styles.pair}>
          <ButtonAnchor href={lifeline.text} variant="secondary" block>
            <MessageIcon />
            {t('text988')}
          </ButtonAnchor>
          <ButtonAnchor href={lifeline.chat} variant="secondary" block>
            <ChatIcon />
            {t('chat988')}
          </ButtonAnchor>
        </div>
      </section>

      <section className={`${styles.card} ${styles.danger}`} aria-labelledby="crisis-emergency">
        <div className={styles.cardText}>
          <h2 id="crisis-emergency">{t('dangerHeading')}</h2>
          <p>{t('dangerBody')}</p>
        </div>
        <ButtonAnchor href={emergency.call} variant="danger" className={styles.emergencyButton}>
          <PhoneIcon />
          {t('call911')}
        </ButtonAnchor>
      </section>

      <div className={styles.closing}>
        <p className={styles.note}>{t('outsideUs')}</p>
        <p className={styles.strong}>{t('closing')}</p>
      </div>
    </div>
  );
}

// The icons are decoration next to text that already says what each button does.
function PhoneIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
    </svg>
  );
}

function MessageIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </svg>
  );
}

function ChatIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M21 12a8 8 0 0 1-11.7 7.1L4 20.5l1.4-4.9A8 8 0 1 1 21 12z" />
    </svg>
  );
}
