import { paths } from '@/config/paths';
import { useT, type MessageKey } from '@/lib/messages';
import { ButtonLink } from '@/components/button/Button';
import { Notification } from '@/components/notification/Notification';
import { usePageTitle } from '@/components/layout/usePageTitle';
import styles from './Page.module.css';

interface PlaceholderPageProps {
  titleKey: MessageKey;
  headingKey: MessageKey;
  bodyKey: MessageKey;
}

/**
 * PlaceholderPage stands in for a screen that is not built yet. It says plainly what will be here
 * and that it is not available, and offers the way home: no pretend content, no dead buttons.
 */
export function PlaceholderPage({ titleKey, headingKey, bodyKey }: PlaceholderPageProps) {
  const t = useT();
  usePageTitle(t(titleKey));
  return (
    <div className={styles.page}>
      <h1>{t(headingKey)}</h1>
      <p className={styles.lead}>{t(bodyKey)}</p>
      <Notification title={t('common.notAvailableTitle')}>{t('common.notAvailableBody')}</Notification>
      <div className={styles.actions}>
        <ButtonLink to={paths.home} variant="secondary">
          {t('common.backHome')}
        </ButtonLink>
      </div>
    </div>
  );
}
