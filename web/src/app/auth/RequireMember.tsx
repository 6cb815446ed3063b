import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { isUnauthorized, useMe } from '@/features/account/api/get-me';
import { isNativeShell, postToApp } from '@/lib/native-bridge';
import { loginPath } from '@/lib/session';
import { LoadingOverlay } from '@/components/layout/LoadingOverlay';
import { lazyComponent } from '@/lib/lazy-component';

// The problem screens are rare, so their code loads only when one is needed.
const GuardProblem = lazyComponent(() => import('./GuardProblem').then((m) => m.default), <LoadingOverlay />);

/** LOGOUT_DELAY_MS is how long the profile error stays on screen before signing out (spec §8). */
export const LOGOUT_DELAY_MS = 5000;

type GuardState = 'loading' | 'ready' | 'unauthorized' | 'failed';

function guardState({ data, error, isFetching }: ReturnType<typeof useMe>): GuardState {
  // While a request is on its way, an error from an earlier one says nothing yet.
  if (isFetching && !data) return 'loading';
  if (isUnauthorized(error)) return 'unauthorized';
  // A failed background refresh keeps a profile already known: a blip should not sign anyone out.
  if (data) return 'ready';
  if (error) return 'failed';
  return 'loading';
}

/**
 * RequireMember shows its pages only to a signed-in member (spec §2): the content renders once
 * the profile has a userId, with a full-screen loading overlay until then.
 *   - Not signed in (401) on the web: off to sign-in, returning to this very address afterwards;
 *     the overlay stays while the browser leaves.
 *   - Not signed in inside the native shell: web sign-in is not the app's way, so the page asks the
 *     member to reopen the screen and tells the app its token has expired.
 *   - Any other failure: an error notification, then sign-out after a few seconds (spec §4, §8).
 */
export function RequireMember({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  const search = useSearch();
  const query = useMe();
  const state = guardState(query);
  const native = isNativeShell();
  // Each outcome is acted on once, however often the guard renders (and under StrictMode).
  const handled = useRef<GuardState | null>(null);

  useEffect(() => {
    if (state === 'loading' || state === 'ready' || handled.current === state) return;
    handled.current = state;
    if (state === 'unauthorized') {
      if (native) postToApp({ type: 'auth-expired' });
      else window.location.assign(loginPath(search ? `${pathname}?${search}` : pathname));
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
  }, [state, native, pathname, search]);

  if (state === 'ready') return children;
  if (state === 'failed' || (state === 'unauthorized' && native)) {
    return <GuardProblem kind={state === 'failed' ? 'failed' : 'expired'} />;
  }
  return <LoadingOverlay />;
}
