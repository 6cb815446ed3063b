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
 * swaps the card's words in place once the profile answers (see StartWay), so nothing on the page
 * moves.
 *
 * "Get started" is an in-app link: /register then reads document.referrer, which is still the
 * address that brought the visitor here. Sign-in is a plain link, because /auth/login is the
 * server's, not a page of the app.
 */
export function HomePage({ signedIn = false }: { signedIn?: boolean }) {
  const t = useT(homeMessages);
  usePageTitle(t('title'));
  return (
    <div className={pageStyles.page}>
      <div className={styles.hero}>
        <p className={pageStyles.eyebrow}>{t('eyebrow')}</p>
        <h1>{t('heading')}</h1>
        <p className={pageStyles.lead}>{t('intro')}</p>
      </div>
      <section className={styles.start} aria-labelledby="home-start-heading">
        <StartWay forMember={false} offered={!signedIn} />
        <StartWay forMember offered={signedIn} />
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

/**
 * StartWay is one of the card's two ways in: a visitor's "Get started" or a member's "Continue".
 * Both lie in the same place, so the card is as tall as the taller at any width and the fact below
 * stays put when a member is found signed in after the first paint. The way not offered is there
 * only for its size: unseen, unheard by screen readers, out of the tab order.
 */
function StartWay({ forMember, offered }: { forMember: boolean; offered: boolean }) {
  const t = useT(homeMessages);
  const { accountUrl } = useRuntimeConfig();
  return (
    <div className={offered ? styles.way : `${styles.way} ${styles.notOffered}`} aria-hidden={offered ? undefined : true} inert={!offered}>
      <h2 id={offered ? 'home-start-heading' : undefined}>{t(forMember ? 'welcomeBackHeading' : 'startHeading')}</h2>
      <p className={styles.startBody}>{t(forMember ? 'welcomeBackBody' : 'startBody')}</p>
      {forMember ? (
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
    </div>
  );
}
