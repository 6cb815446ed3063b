import { useT } from '@/lib/messages';
import { homeMessages } from '@/messages/home';
import { loginPath, signInLandingPath } from '@/lib/session';
import { paths } from '@/config/paths';
import { ButtonLink } from '@/components/button/Button';
import { useRuntimeConfig } from '@/config/runtime-context';
import { usePageTitle } from '@/components/layout/usePageTitle';
import pageStyles from '@/components/page/Page.module.css';
import styles from './HomePage.module.css';

/**
 * HomePage welcomes a prospective member with the spec's fact and one clear way in. A member who
 * is already signed in gets "Continue" instead; the page first paints the way in for everyone and
 * swaps the card's words in place once the profile answers, so nothing on the page moves.
 *
 * "Get started" is an in-app link: /register then reads document.referrer, which is still the
 * address that brought the visitor here. Sign-in is a plain link, because /auth/login is the
 * server's, not a page of the app.
 */
export function HomePage({ signedIn = false }: { signedIn?: boolean }) {
  const t = useT(homeMessages);
  const { accountUrl } = useRuntimeConfig();
  usePageTitle(t('title'));
  return (
    <div className={pageStyles.page}>
      <div className={styles.hero}>
        <p className={pageStyles.eyebrow}>{t('eyebrow')}</p>
        <h1>{t('heading')}</h1>
        <p className={pageStyles.lead}>{t('intro')}</p>
      </div>
      <section className={styles.start} aria-labelledby="home-start-heading">
        <h2 id="home-start-heading">{t(signedIn ? 'welcomeBackHeading' : 'startHeading')}</h2>
        <p className={styles.startBody}>{t(signedIn ? 'welcomeBackBody' : 'startBody')}</p>
        {signedIn ? (
          <>
            <ButtonLink to={signInLandingPath} block>
              {t('continue')}
            </ButtonLink>
            <p className={styles.quiet}>
              {t('signedIn')}
              {accountUrl ? (
                <>
                  {' '}
                  {/* A plain link: the account page is the identity provider's, not a page of the app. */}
                  <a className={styles.signIn} href={accountUrl}>
                    {t('account')}
                  </a>
                </>
              ) : null}
            </p>
          </>
        ) : (
          <>
            <ButtonLink to={paths.register} block>
              {t('getStarted')}
            </ButtonLink>
            <p className={styles.quiet}>
              {t('haveAccount')}{' '}
              <a className={styles.signIn} href={loginPath(signInLandingPath)}>
                {t('signIn')}
              </a>
            </p>
          </>
        )}
      </section>
      <aside className={styles.fact} aria-labelledby="home-fact-label">
        <p id="home-fact-label" className={styles.factLabel}>
          {t('factLabel')}
        </p>
        <p className={styles.factText}>{t('fact')}</p>
        <p className={styles.factFollowUp}>{t('factFollowUp')}</p>
      </aside>
    </div>
  );
}
