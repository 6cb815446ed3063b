import { getMe, isUnauthorized } from '@/features/account/api/get-me';
import { RegisterPage } from '@/features/register/RegisterPage';
import { mayBeSignedIn } from '@/lib/session';

/**
 * signedIn tells whether the browser holds a session: asked of the server only when it may, so a
 * new visitor's sign-up starts without a request that could only be refused. A failure other than
 * "not signed in" counts as signed out too: sign-up then finds the session itself.
 */
async function signedIn(): Promise<boolean> {
  if (!mayBeSignedIn()) return false;
  try {
    await getMe();
    return true;
  } catch (error) {
    if (!isUnauthorized(error)) console.warn('Could not tell whether the member is signed in', error);
    return false;
  }
}

export function Component() {
  return <RegisterPage signedIn={signedIn} />;
}
