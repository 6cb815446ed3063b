// The native shell (the iOS app showing these pages in a web view) signs its member in itself and
// opens the first page with ?token=<access token> (spec §1 and §3; docs/native-app.md). This module
// takes that token out of the address at once, so it never lands in history, bookmarks, a shared
// link or a Referer header, and keeps it in local storage so that reloads and later pages still send
// it. Web sign-in never uses this: there the session lives in an HttpOnly cookie page code can't see.

/** TOKEN_STORAGE_KEY is where the shell's token is kept (spec: stored login token). */
export const TOKEN_STORAGE_KEY = 'wayfinder.token';

/** TOKEN_PARAM is the query parameter the shell puts the token in. */
export const TOKEN_PARAM = 'token';

// A JWT far past this size is not one of ours, and sending it would only earn a 431 from the server.
const MAX_TOKEN_LENGTH = 8192;

// Storage can be switched off (some private modes, strict settings) and then throws. The token is
// kept in memory as well, so the shell still works for the life of the page.
let memoryToken: string | null = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** getStoredToken returns the shell's token, or null on an ordinary web visit. */
export function getStoredToken(): string | null {
  try {
    const stored = storage()?.getItem(TOKEN_STORAGE_KEY);
    if (stored) return stored;
  } catch {
    // Reading failed: fall back to the copy kept in memory.
  }
  return memoryToken;
}

/** storeToken keeps a token for this and later pages. */
export function storeToken(token: string): void {
  memoryToken = token;
  try {
    storage()?.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage is full or off; the copy in memory is enough for this page.
  }
}

/** clearStoredToken forgets the token, as signing out must. */
export function clearStoredToken(): void {
  memoryToken = null;
  try {
    storage()?.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing was stored.
  }
}

// A token for a different account than the one the page already uses is not taken at once: a link
// carrying someone else's token could otherwise switch a signed-in member into that account
// without their noticing, and their answers would go there. It waits here, for this tab, until the
// member has been asked (app/auth/account-switch.ts).
const PENDING_STORAGE_KEY = 'wayfinder.pendingToken';
let memoryPending: string | null = null;

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** pendingToken returns a launch token waiting for the member's choice, or null. */
export function pendingToken(): string | null {
  try {
    const store = sessionStore();
    if (store) return store.getItem(PENDING_STORAGE_KEY);
  } catch {
    // Reading failed: fall back to the copy kept in memory.
  }
  return memoryPending;
}

function holdPending(token: string): void {
  memoryPending = token;
  try {
    sessionStore()?.setItem(PENDING_STORAGE_KEY, token);
  } catch {
    // The copy in memory is enough for this page.
  }
}

/** settlePendingToken ends the wait: the token becomes the page's own when use is true. */
export function settlePendingToken(use: boolean): void {
  const token = pendingToken();
  memoryPending = null;
  try {
    sessionStore()?.removeItem(PENDING_STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
  if (use && token) storeToken(token);
}

/**
 * tokenSubject reads the account (the `sub` claim) a JWT names, without verifying it: the server
 * verifies every token it is sent, and this only compares two tokens the page holds. It returns
 * null for anything that isn't a readable JWT.
 */
export function tokenSubject(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub !== '' ? sub : null;
  } catch {
    return null;
  }
}

/**
 * captureLaunchToken runs before the app renders. If the address carries a token it rewrites the
 * address without it, keeping every other parameter and the hash. A token for the account the
 * page already holds a token of (the app's fresh token on reload) is kept at once; any other waits
 * for app/auth/account-switch.ts to find out whether the page has another account, through a
 * stored token or a web session cookie the page can't see (pendingToken). It returns whether a
 * usable token was found.
 */
export function captureLaunchToken(): boolean {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(TOKEN_PARAM)) return false;
  const token = url.searchParams.get(TOKEN_PARAM)?.trim() ?? '';
  url.searchParams.delete(TOKEN_PARAM);
  // The address is rewritten even when the token is unusable: whatever it is, it should not stay.
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  if (token === '' || token.length > MAX_TOKEN_LENGTH) return false;
  const current = getStoredToken();
  const subject = tokenSubject(token);
  if (current !== null && subject !== null && tokenSubject(current) === subject) {
    storeToken(token);
  } else {
    holdPending(token);
  }
  return true;
}
