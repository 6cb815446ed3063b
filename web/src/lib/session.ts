import { getStoredToken } from './auth-token';

// Web sign-in runs on the server (a backend-for-frontend): the page sends the member to
// /auth/login, the server talks to the identity provider and answers with an HttpOnly session
// cookie the page never sees. This module holds the few things the page does around that. It stays
// free of the HTTP client so the home page can use it without loading one; signing out, which
// needs the client, is in logout.ts.

/** signInLandingPath is where a member lands after signing in or signing up (spec §2). */
export const signInLandingPath = '/name-and-birth';

/**
 * loginPath is the server address that starts sign-in (or sign-up) and brings the member back to
 * returnTo. Slashes are left readable: they are allowed in a query and the server decodes both.
 */
export function loginPath(returnTo: string, { signup = false }: { signup?: boolean } = {}): string {
  const target = encodeURIComponent(returnTo).replace(/%2F/gi, '/');
  return `/auth/login?${signup ? 'signup=1&' : ''}returnTo=${target}`;
}

// The session cookie is HttpOnly, so the page can't tell whether it has one. This hint, set when
// the profile loads and cleared when it is refused or the member signs out, lets pages that work
// without sign-in (the home page) skip asking for the profile on a first visit: the answer would
// only be a 401.
const SESSION_HINT_KEY = 'wayfinder.signedIn';

function safely(run: () => void): void {
  try {
    run();
  } catch {
    // Storage is off or full. The hint and the flag are conveniences; nothing breaks without them.
  }
}

// The top bar shows the account menu while the hint is set, so it is told when the hint changes.
const hintListeners = new Set<() => void>();

function hintChanged(): void {
  for (const listener of hintListeners) listener();
}

/** onSignedInHintChange calls listener whenever the hint is set or cleared; it returns the unsubscribe. */
export function onSignedInHintChange(listener: () => void): () => void {
  hintListeners.add(listener);
  return () => hintListeners.delete(listener);
}

export function rememberSignedIn(): void {
  const before = mayBeSignedIn();
  safely(() => window.localStorage.setItem(SESSION_HINT_KEY, '1'));
  if (!before) hintChanged();
}

export function forgetSignedIn(): void {
  safely(() => window.localStorage.removeItem(SESSION_HINT_KEY));
  hintChanged();
}

/** mayBeSignedIn tells whether asking for the profile could succeed. */
export function mayBeSignedIn(): boolean {
  if (getStoredToken() !== null) return true;
  try {
    return window.localStorage.getItem(SESSION_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

/** SIGNUP_FLAG_KEY marks, for this tab, that the member came through sign-up (spec §3). */
export const SIGNUP_FLAG_KEY = 'signup';

export function markSignup(): void {
  safely(() => window.sessionStorage.setItem(SIGNUP_FLAG_KEY, '1'));
}

/** ORIGIN_COOKIE records where a new member came from, for the server to keep at sign-up. */
export const ORIGIN_COOKIE = 'origin_register';

// Cookies are small and a referrer can be long; 512 characters keeps the header modest.
const MAX_ORIGIN_LENGTH = 512;

/**
 * originCookieValue encodes a referrer for the cookie: "direct" when there is none. A long one is
 * cut at a whole character, so the value always decodes.
 */
export function originCookieValue(referrer: string): string {
  let value = '';
  for (const char of referrer.trim() || 'direct') {
    let encoded: string;
    try {
      encoded = encodeURIComponent(char);
    } catch {
      continue; // half of a surrogate pair: not text, so not worth keeping
    }
    if (value.length + encoded.length > MAX_ORIGIN_LENGTH) break;
    value += encoded;
  }
  return value || 'direct';
}

/** writeOriginCookie stores the referrer for a day, on every path, for this site only. */
export function writeOriginCookie(referrer: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${ORIGIN_COOKIE}=${originCookieValue(referrer)}; Path=/; Max-Age=86400; SameSite=Lax${secure}`;
}
