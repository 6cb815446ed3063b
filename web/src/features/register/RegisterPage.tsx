import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useT } from '@/lib/messages';
import { isNativeShell } from '@/lib/native-bridge';
import { loginPath, markSignup, signInLandingPath, writeOriginCookie } from '@/lib/session';
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

/** RegisterPage shows the loading overlay while the browser moves on to sign-up. */
export function RegisterPage() {
  const t = useT();
  const [, navigate] = useLocation();
  usePageTitle(t('register.title'));
  // The hand-off happens once, even though development mode runs effects twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // Inside the native shell the app has signed the member in already.
    if (isNativeShell()) navigate(signInLandingPath, { replace: true });
    else startSignup();
  }, [navigate]);
  return <LoadingOverlay />;
}
