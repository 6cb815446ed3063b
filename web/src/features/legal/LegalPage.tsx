import { useRuntimeConfig } from '@/config/runtime-context';
import { interpolate } from '@/lib/messages';
import { usePageTitle } from '@/components/layout/usePageTitle';
import pageStyles from '@/components/page/Page.module.css';
import { legalText, type LegalTextKey } from './legal-text';
import styles from './LegalPage.module.css';

export interface LegalSection {
  heading: LegalTextKey;
  body: LegalTextKey[];
}

/** LegalPage lays out a legal text: a title, when it last changed, then short headed sections. */
export function LegalPage({ title, intro, sections }: { title: LegalTextKey; intro: LegalTextKey; sections: LegalSection[] }) {
  const { brandName } = useRuntimeConfig();
  const t = (key: LegalTextKey) => interpolate(legalText[key], { brand: brandName });
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
