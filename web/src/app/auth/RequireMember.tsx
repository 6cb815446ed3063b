import { useEffect, useRef, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { paths } from '@/config/paths';
import { isUnauthorized, useMe, type Role } from '@/features/account/api/get-me';
import { isNativeShell, postToApp } from '@/lib/native-bridge';
import { loginPath } from '@/lib/session';
import { LoadingOverlay } from '@/components/layout/LoadingOverlay';
import { lazyComponent } from '@/lib/lazy-component';

// The problem screens are rare, so their code loads only when one is needed.
export const GuardProblem = lazyComponent(() => import('./GuardProblem').then((m) => m.default), <LoadingOverlay />);

/** LOGOUT_DELAY_MS is how long the profile error stays on screen before signing out (spec §8). */
export const LOGOUT_DELAY_MS = 5000;

type GuardState = 'loading' | 'ready' | 'unauthorized' | 'failed';

function guardState({ data, error, fetching }: ReturnType<typeof useMe>): GuardState {
  // While a request is on its way, an error from an earlier one says nothing yet.
  if (fetching && !data) return 'loading';
  if (isUnauthorized(error)) return 'unauthorized';
  // A failed background refresh keeps a profile already known: a blip should not sign anyone out.
  if (data) return 'ready';
  if (error) return 'failed';
  return 'loading';
}

/** Visitors says where a visitor who is not signed in goes: to sign-in, or to the home page. */
export type Visitors = 'sign-in' | 'home';

/** isStaffRole tells whether a role opens the staff app (staff, and admins, who are staff too). */
export function isStaffRole(role: Role | undefined): boolean {
  return role === 'staff' || role === 'admin';
}

/**
 * useSignInGuard finds out who is signed in and acts on the answer once, however often the guard
 * renders (and under StrictMode):
 *   - not signed in (401) on the web: to sign-in, returning to this very address afterwards (or,
 *     with visitors "home", nothing here: the guard shows the home page instead);
 *   - not signed in inside the native shell: tells the app its token has expired;
 *   - any other failure: signs out after a few seconds, once the error has been read (spec §4, §8).
 */
export function useSignInGuard(visitors: Visitors) {
  const [pathname] = useLocation();
  const search = useSearch();
  const query = useMe();
  const state = guardState(query);
  const native = isNativeShell();
  const handled = useRef<GuardState | null>(null);

  useEffect(() => {
    if (state === 'loading' || state === 'ready' || handled.current === state) return;
    handled.current = state;
    if (state === 'unauthorized') {
      if (native) postToApp({ type: 'auth-expired' });
      else if (visitors === 'sign-in') window.location.assign(loginPath(search ? `${pathname}?${search}` : pathname));
      return;
    }
    // Signing out is rare here, so its code loads only when it is needed, not with every page; if
    // even that fails, the member goes home.
    const timer = setTimeout(
      () =>
        void import('@/lib/logout').then(
          (m) => m.logout(),
          () => window.location.assign('/'),
        ),
      LOGOUT_DELAY_MS,
    );
    return () => {
      clearTimeout(timer);
      handled.current = null;
    };
  }, [state, native, visitors, pathname, search]);

  return { state, native, role: query.data?.me.role };
}

/**
 * RequireMember shows its pages only to a signed-in member (spec §2): the content renders once
 * the profile has a userId, with a full-screen loading overlay until then.
 *   - Not signed in (401) on the web: off to sign-in, returning to this very address afterwards;
 *     the overlay stays while the browser leaves. With visitors "home" (the chat, which the Not
 *     Found page links to), a visitor is taken to the home page instead: nothing there is theirs.
 *   - Not signed in inside the native shell: web sign-in is not the app's way, so the page asks the
 *     member to reopen the screen and tells the app its token has expired.
 *   - Staff (and admins): the member pages are not theirs, so they are taken to the staff app.
 *   - Any other failure: an error notification, then sign-out after a few seconds (spec §4, §8).
 */
export function RequireMember({ children, visitors = 'sign-in' }: { children: ReactNode; visitors?: Visitors }) {
  const { state, native, role } = useSignInGuard(visitors);
  if (state === 'ready') return isStaffRole(role) ? <Redirect to={paths.staff.root} replace /> : children;
  if (state === 'unauthorized' && !native && visitors === 'home') return <Redirect to={paths.home} replace />;
  if (state === 'failed' || (state === 'unauthorized' && native)) {
    return <GuardProblem kind={state === 'failed' ? 'failed' : 'expired'} />;
  }
  return <LoadingOverlay />;
}
