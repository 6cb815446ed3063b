import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { readLaunchFlags } from '@/lib/launch-flags';
import { storeToken } from '@/lib/auth-token';
import { rememberSignedIn } from '@/lib/session';
import { json, member, mockServer, stubLocation } from '@/test/api';
import { finishedSurvey } from '@/test/survey';
import { renderApp } from '@/test/render-app';

async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

// The native shell signs members in with a token; there the page shows only the spec's sign-out
// icon, and only with ?ff_logout=1. On the web, the account menu signs out (AccountMenu.test.tsx).
describe('the native shell’s ff_logout sign-out button', () => {
  beforeEach(() => storeToken('shell-token'));

  it('shows in the top bar for a signed-in member when the page opened with ?ff_logout=1', async () => {
    readLaunchFlags('?ff_logout=1');
    mockServer({ ...finishedSurvey(), 'GET /api/user/me': json(200, member) });
    renderApp('/account/checkout');

    const button = await screen.findByRole('button', { name: 'Sign out' });
    expect(screen.getByRole('banner')).toContainElement(button);
  });

  it('signs out and ends where the server says (the site’s home)', async () => {
    readLaunchFlags('?ff_logout=1');
    const { assign } = stubLocation();
    const { requests } = mockServer({
      ...finishedSurvey(),
      'GET /api/user/me': json(200, member),
      'POST /auth/logout': json(200, { redirectTo: 'http://localhost:3000/' }),
    });
    const { user } = renderApp('/chat');
    await screen.findByRole('heading', { level: 1, name: 'Chat with your coach' });

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith('http://localhost:3000/'));
    expect(requests()).toContain('POST /auth/logout');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('stays through in-app navigation, where the address no longer carries the switch', async () => {
    readLaunchFlags('?ff_logout=1');
    rememberSignedIn();
    mockServer({ ...finishedSurvey(), 'GET /api/user/me': json(200, member) });
    const { navigate } = renderApp('/');
    await screen.findByRole('button', { name: 'Sign out' });

    await navigate('/account/checkout');

    expect(await screen.findByRole('heading', { level: 1, name: 'We couldn’t find this checkout' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('is not shown without the switch, even to a signed-in member', async () => {
    mockServer({ ...finishedSurvey(), 'GET /api/user/me': json(200, member) });
    renderApp('/account/checkout');

    await screen.findByRole('heading', { level: 1, name: 'We couldn’t find this checkout' });
    await settle();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('leaves the account menu to the web', async () => {
    readLaunchFlags('?ff_logout=1');
    mockServer({ ...finishedSurvey(), 'GET /api/user/me': json(200, member) });
    renderApp('/account/checkout');

    await screen.findByRole('button', { name: 'Sign out' });
    expect(screen.queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
  });
});
