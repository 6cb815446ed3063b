import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { rememberSignedIn } from '@/lib/session';
import { json, member, mockServer, stubLocation } from '@/test/api';
import { renderApp } from '@/test/render-app';

function cookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

describe('/register', () => {
  it('marks the sign-up, records the referrer and hands over to the server’s sign-up', async () => {
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('https://search.example/results?q=adhd coaching');
    const { replace } = stubLocation();
    mockServer({});
    renderApp('/register');

    await waitFor(() => expect(replace).toHaveBeenCalledExactlyOnceWith('/auth/login?signup=1&returnTo=/name-and-birth'));
    expect(sessionStorage.getItem('signup')).toBe('1');
    expect(cookie('origin_register')).toBe('https%3A%2F%2Fsearch.example%2Fresults%3Fq%3Dadhd%20coaching');
    // The member sees a calm full-screen wait, not a blank page, while the browser leaves.
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('records "direct" when the visitor came with no referrer', async () => {
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('');
    const { replace } = stubLocation();
    mockServer({});
    renderApp('/register');

    await waitFor(() => expect(replace).toHaveBeenCalled());
    expect(cookie('origin_register')).toBe('direct');
  });

  it('takes a member who is signed in already on where they left off, not to sign-up', async () => {
    rememberSignedIn();
    const { replace } = stubLocation();
    mockServer({ 'GET /api/user/me': json(200, member) });
    renderApp('/register');

    await waitFor(() => expect(replace).toHaveBeenCalledExactlyOnceWith('/name-and-birth'));
    expect(sessionStorage.getItem('signup')).toBeNull();
  });

  it('signs up a browser whose session has ended', async () => {
    rememberSignedIn();
    const { replace } = stubLocation();
    mockServer({ 'GET /api/user/me': json(401, { status: 401 }) });
    renderApp('/register');

    await waitFor(() => expect(replace).toHaveBeenCalledExactlyOnceWith('/auth/login?signup=1&returnTo=/name-and-birth'));
  });
});
