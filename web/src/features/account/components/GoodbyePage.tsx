import { paths } from '@/config/paths';
import { useT } from '@/lib/messages';
import { accountMessages } from '@/messages/account';
import { ButtonLink } from '@/components/button/Button';
import { usePageTitle } from '@/components/layout/usePageTitle';
import pageStyles from '@/components/page/Page.module.css';

/**
 * GoodbyePage is where a member lands once their account is deleted: it says what happened, thanks
 * them, and leaves the door open, kindly. It is open to everyone, as the member is signed out.
 */
export function GoodbyePage() {
  const t = useT(accountMessages);
  usePageTitle(t('goodbyeTitle'));
  return (
    <div className={pageStyles.page}>
      <h1>{t('goodbyeHeading')}</h1>
      <p className={pageStyles.lead}>{t('goodbyeBody')}</p>
      <p>{t('goodbyeCare')}</p>
      <div className={pageStyles.actions}>
        <ButtonLink to={paths.home}>{t('goodbyeHome')}</ButtonLink>
      </div>
    </div>
  );
}
