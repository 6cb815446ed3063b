import { Link, useSearch } from 'wouter';
import { loginPath, signInLandingPath } from '@/lib/session';
import { paths } from '@/config/paths';
import { useT, type MessageKey } from '@/lib/messages';
import { signInProblemMessages } from '@/messages/sign-in-problem';
import { ButtonAnchor } from '@/components/button/Button';
import { usePageTitle } from '@/components/layout/usePageTitle';
import pageStyles from '@/components/page/Page.module.css';
import styles from './SignInProblemPage.module.css';

type Copy = { heading: MessageKey<typeof signInProblemMessages>; body: MessageKey<typeof signInProblemMessages> };

const denied: Copy = { heading: 'deniedHeading', body: 'deniedBody' };
const again: Copy = { heading: 'againHeading', body: 'againBody' };
const stale: Copy = { heading: 'staleHeading', body: 'staleBody' };
const other: Copy = { heading: 'otherHeading', body: 'otherBody' };

// The reasons the server passes on from the identity provider (OpenID Connect error codes), plus
// "state" for a sign-in that expired or was finished in another tab. Anything else is ours to own.
const byReason: Readonly<Record<string, Copy>> = {
  access_denied: denied,
  login_required: again,
  interaction_required: again,
  consent_required: again,
  state: stale,
};

/** signInProblemCopy picks the words for a reason code. */
export function signInProblemCopy(reason: string | null): Copy {
  return (reason !== null && Object.hasOwn(byReason, reason) ? byReason[reason] : undefined) ?? other;
}

/**
 * SignInProblemPage is where the server sends a member whose sign-in did not finish
 * (/sign-in-problem?reason=…). It never blames them: it says plainly what happened and offers one
 * clear way to try again, and the way home.
 */
export function SignInProblemPage() {
  const t = useT(signInProblemMessages);
  const copy = signInProblemCopy(new URLSearchParams(useSearch()).get('reason'));
  usePageTitle(t('title'));
  return (
    <div className={pageStyles.page}>
      <h1>{t(copy.heading)}</h1>
      <p className={pageStyles.lead}>{t(copy.body)}</p>
      <div className={styles.actions}>
        <ButtonAnchor href={loginPath(signInLandingPath)} block>
          {t('tryAgain')}
        </ButtonAnchor>
        <Link className={styles.home} to={paths.home}>
          {t('backHome')}
        </Link>
      </div>
    </div>
  );
}
