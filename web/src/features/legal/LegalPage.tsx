import { useT } from '@/lib/messages';
import { legalMessages } from '@/messages/legal';
import { usePageTitle } from '@/components/layout/usePageTitle';
import pageStyles from '@/components/page/Page.module.css';
import type { LegalDocument } from './documents';
import styles from './LegalPage.module.css';

/** LegalPage lays out a legal text: a title, when it last changed, then short headed sections. */
export function LegalPage({ document: { title, intro, sections } }: { document: LegalDocument }) {
  const t = useT(legalMessages);
  usePageTitle(t(title));
  return (
    <article className={`${pageStyles.page} ${styles.legal}`}>
      <header className={styles.header}>
        <h1>{t(title)}</h1>
        <p className={styles.updated}>{t('updated')}</p>
        <p className={pageStyles.lead}>{t(intro)}</p>
      </header>
      {sections.map((section) => (
        <section key={section.heading} className={styles.section}>
          <h2>{t(section.heading)}</h2>
          {section.body.map((key) => (
            <p key={key}>{t(key)}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
