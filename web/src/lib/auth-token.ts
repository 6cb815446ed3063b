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

/**
 * captureLaunchToken runs before the app renders. If the address carries a token it stores it and
 * rewrites the address without it, keeping every other parameter and the hash. It returns whether
 * a token was taken.
 */
export function captureLaunchToken(): boolean {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(TOKEN_PARAM)) return false;
  const token = url.searchParams.get(TOKEN_PARAM)?.trim() ?? '';
  url.searchParams.delete(TOKEN_PARAM);
  // The address is rewritten even when the token is unusable: whatever it is, it should not stay.
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  if (token === '' || token.length > MAX_TOKEN_LENGTH) return false;
  storeToken(token);
  return true;
}
