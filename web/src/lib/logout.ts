import { apiClient } from './api-client';
import { clearStoredToken } from './auth-token';
import { forgetSignedIn } from './session';

// Only a web address may follow logout: anything else (javascript:, data:) from a confused answer
// would be dangerous to navigate to.
function safeRedirect(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '/';
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '/';
  } catch {
    return '/';
  }
}

/**
 * logout ends the session. The page forgets its own traces first (the shell's token, the hint), so
 * nothing is left behind even if the server can't be reached; then the server ends the session and
 * says where to go next (the identity provider's sign-out, which returns to the site). If that
 * fails, the member still ends up on the home page, signed out on this device.
 */
export async function logout(): Promise<void> {
  forgetSignedIn();
  clearStoredToken();
  let target = '/';
  try {
    // The request is same-origin with no body; a form post would be blocked by the CSP form-action
    // rule when the identity provider lives on another origin.
    const answer = await apiClient.post<{ redirectTo?: unknown } | undefined>('logout', { prefix: '/auth' });
    target = safeRedirect(answer?.redirectTo);
  } catch (error) {
    console.warn('Signing out on the server failed; going home', error);
  }
  window.location.assign(target);
}
