import { useT } from '@/lib/messages';
import { usePageTitle } from '@/components/layout/usePageTitle';
import pageStyles from '@/components/page/Page.module.css';
import styles from './HomePage.module.css';

/**
 * HomePage welcomes a prospective member. Sign-up and the survey are not open yet, and the page
 * says so plainly rather than showing buttons that lead nowhere.
 */
export function HomePage() {
  const t = useT();
  usePageTitle(t('home.title'));
  return (
    <div className={pageStyles.page}>
      <div className={styles.hero}>
        <p className={pageStyles.eyebrow}>{t('home.eyebrow')}</p>
        <h1>{t('home.heading')}</h1>
        <p className={pageStyles.lead}>{t('home.intro')}</p>
      </div>
      <aside className={styles.fact} aria-labelledby="home-fact-label">
        <p id="home-fact-label" className={styles.factLabel}>
          {t('home.factLabel')}
        </p>
        <p className={styles.factText}>{t('home.fact')}</p>
        <p className={styles.factFollowUp}>{t('home.factFollowUp')}</p>
      </aside>
      <section className={styles.soon} aria-labelledby="home-soon-heading">
        <h2 id="home-soon-heading">{t('home.soonHeading')}</h2>
        <p>{t('home.soonBody')}</p>
      </section>
    </div>
  );
}
