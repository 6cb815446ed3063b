import { useT } from '@/lib/messages';
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
  const t = useT();
  const { accountUrl } = useRuntimeConfig();
  usePageTitle(t('home.title'));
  return (
    <div className={pageStyles.page}>
      <div className={styles.hero}>
        <p className={pageStyles.eyebrow}>{t('home.eyebrow')}</p>
        <h1>{t('home.heading')}</h1>
        <p className={pageStyles.lead}>{t('home.intro')}</p>
      </div>
      <section className={styles.start} aria-labelledby="home-start-heading">
        <h2 id="home-start-heading">{t(signedIn ? 'home.welcomeBackHeading' : 'home.startHeading')}</h2>
        <p className={styles.startBody}>{t(signedIn ? 'home.welcomeBackBody' : 'home.startBody')}</p>
        {signedIn ? (
          <>
            <ButtonLink to={signInLandingPath} block>
              {t('home.continue')}
            </ButtonLink>
            <p className={styles.quiet}>
              {t('home.signedIn')}
              {accountUrl ? (
                <>
                  {' '}
                  {/* A plain link: the account page is the identity provider's, not a page of the app. */}
                  <a className={styles.signIn} href={accountUrl}>
                    {t('home.account')}
                  </a>
                </>
              ) : null}
            </p>
          </>
        ) : (
          <>
            <ButtonLink to={paths.register} block>
              {t('home.getStarted')}
            </ButtonLink>
            <p className={styles.quiet}>
              {t('home.haveAccount')}{' '}
              <a className={styles.signIn} href={loginPath(signInLandingPath)}>
                {t('home.signIn')}
              </a>
            </p>
          </>
        )}
      </section>
      <aside className={styles.fact} aria-labelledby="home-fact-label">
        <p id="home-fact-label" className={styles.factLabel}>
          {t('home.factLabel')}
        </p>
        <p className={styles.factText}>{t('home.fact')}</p>
        <p className={styles.factFollowUp}>{t('home.factFollowUp')}</p>
      </aside>
    </div>
  );
}
