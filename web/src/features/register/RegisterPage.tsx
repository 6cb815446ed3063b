import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { surveyStepPath } from '@/config/paths';
import { isNativeShell } from '@/lib/native-bridge';
import { loginPath, markSignup, signInLandingPath, writeOriginCookie } from '@/lib/session';
import { useT } from '@/lib/messages';
import { registerMessages } from '@/messages/register';
import { LoadingOverlay } from '@/components/layout/LoadingOverlay';
import { usePageTitle } from '@/components/layout/usePageTitle';

/**
 * startSignup hands a new member to sign-up (spec §2, /register): it marks the tab as signing up,
 * records where the visitor came from in the origin_register cookie (read by the server when the
 * account is made), and replaces this page with the server's sign-up, so Back skips a page that
 * would only send them forward again.
 *
 * UTM parameters on the landing address are not carried across sign-up here: keeping them belongs
 * to the survey's progress work (spec §3 and §4).
 */
export function startSignup(): void {
  markSignup();
  writeOriginCookie(document.referrer);
  window.location.replace(loginPath(signInLandingPath, { signup: true }));
}

/**
 * NATIVE_WELCOME_STEP is where a new member inside the native shell starts: the head of the
 * survey's main path (progress-basic, then coach-welcome, then name-and-birth). On the web the
 * home page welcomes them before sign-up, which lands on name-and-birth.
 */
export const NATIVE_WELCOME_STEP = 'progress-basic';

/**
 * RegisterPage shows the loading overlay while the browser moves on to sign-up. A web member who is
 * signed in already (an old "Get started" link, the Back button) has nothing to sign up for: they
 * go on where they left off, as after signing in, by opening the sign-in landing step afresh.
 * signedIn asks the server whether the browser holds a session.
 */
export function RegisterPage({ signedIn }: { signedIn: () => Promise<boolean> }) {
  const t = useT(registerMessages);
  const [, navigate] = useLocation();
  usePageTitle(t('title'));
  // The hand-off happens once, even though development mode runs effects twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Inside the native shell the app has signed the member in already, and no home page has
    // welcomed them: the survey's own welcome steps do, then name-and-birth follows.
    if (isNativeShell()) {
      navigate(surveyStepPath(NATIVE_WELCOME_STEP), { replace: true });
      return;
    }
    void signedIn()
      .catch(() => false)
      .then((yes) => (yes ? window.location.replace(signInLandingPath) : startSignup()));
  }, [navigate, signedIn]);
  return <LoadingOverlay />;
}
