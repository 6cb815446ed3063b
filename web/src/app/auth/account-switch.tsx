import { StrictMode, useEffect, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { Button } from '@/components/button/Button';
import { getStoredToken, pendingToken, settlePendingToken } from '@/lib/auth-token';
import { forgetSignedIn } from '@/lib/session';
import { useT } from '@/lib/messages';
import { accountSwitchMessages } from '@/messages/account-switch';
import styles from './account-switch.module.css';

// This module loads only when the page was opened with a token that may be for another account
// than the one it already uses (see captureLaunchToken). It finds out whose accounts they are and,
// when they differ, asks the member which one to use: a link must never switch accounts silently.
// Its copy is a namespace of its own, so no other page carries it.

type Me = { id: string; email: string };

/** whoIs asks the server whose account a credential is: a bearer token, or the session cookie. */
async function whoIs(token: string | null): Promise<Me | null> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await fetch(new Request('/api/user/me', { headers, credentials: token ? 'omit' : 'same-origin' }));
    if (!response.ok) return null;
    const body = (await response.json()) as { me?: { userId?: unknown; email?: unknown } };
    const id = body.me?.userId;
    return typeof id === 'string' ? { id, email: typeof body.me?.email === 'string' ? body.me.email : '' } : null;
  } catch {
    return null;
  }
}

/**
 * resolveAccountSwitch settles a waiting launch token before the app renders. When the page has no
 * working account, or the link is for the same one, the token is simply taken; when the link's
 * token doesn't work, it is dropped; otherwise the member chooses, in container.
 */
export async function resolveAccountSwitch(container: HTMLElement): Promise<void> {
  const token = pendingToken();
  if (!token) return;
  const stored = getStoredToken();
  const [current, other] = await Promise.all([whoIs(stored), whoIs(token)]);
  if (!other) {
    settlePendingToken(false);
    return;
  }
  if (!current || current.id === other.id) {
    settlePendingToken(true);
    return;
  }
  await new Promise<void>((done) => {
    const root = createRoot(container);
    const choose = async (useLink: boolean) => {
      if (useLink && !stored) {
        // The web session belongs to the other account: it ends, so the two never mix.
        forgetSignedIn();
        await fetch(new Request('/auth/logout', { method: 'POST', credentials: 'same-origin' })).catch(() => undefined);
      }
      settlePendingToken(useLink);
      root.unmount();
      done();
    };
    root.render(
      <StrictMode>
        <AccountChoice current={current.email} other={other.email} onChoose={(useLink) => void choose(useLink)} />
      </StrictMode>,
    );
  });
}

/** AccountChoice asks which account to use; staying is the first, and focused, choice. */
export function AccountChoice({ current, other, onChoose }: { current: string; other: string; onChoose: (useLink: boolean) => void }) {
  const t = useT(accountSwitchMessages);
  const values = { current: current || t('yourAccount'), other: other || t('anotherAccount') };
  const title = t('title');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = title;
    heading.current?.focus();
  }, [title]);
  return (
    <main className={styles.page}>
      <h1 ref={heading} tabIndex={-1} className={styles.heading}>
        {t('heading')}
      </h1>
      <p>{t('body', values)}</p>
      <p>{t('question')}</p>
      <div className={styles.actions}>
        <Button variant="primary" block onClick={() => onChoose(false)}>
          {t('stay', values)}
        </Button>
        <Button variant="secondary" block onClick={() => onChoose(true)}>
          {t('switchTo', values)}
        </Button>
      </div>
    </main>
  );
}
