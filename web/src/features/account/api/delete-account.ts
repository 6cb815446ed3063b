import { apiClient } from '@/lib/api-client';
import { clearStoredToken } from '@/lib/auth-token';
import { forgetSignedIn } from '@/lib/session';

/**
 * deleteAccount asks the server to delete the signed-in member's account and everything it holds
 * about them (DELETE /api/user/me). Once it has, the page forgets its own traces of the member: the
 * native shell's token and the signed-in hint. The caller then leaves for the goodbye page with a
 * fresh load, so no answer stays in the page's memory either.
 */
export async function deleteAccount(): Promise<void> {
  await apiClient.delete('user/me');
  forgetSignedIn();
  clearStoredToken();
}
