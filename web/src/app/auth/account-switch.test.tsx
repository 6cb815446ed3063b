import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, member, mockServer } from '@/test/api';
import { captureLaunchToken, getStoredToken, pendingToken, TOKEN_STORAGE_KEY } from '@/lib/auth-token';
import { resolveAccountSwitch } from './account-switch';

function jwtFor(sub: string): string {
  const payload = btoa(JSON.stringify({ sub })).replace(/=+$/, '');
  return `eyJhbGciOiJSUzI1NiJ9.${payload}.c2ln`;
}

const linkToken = jwtFor('member-2');
const other = { me: { ...member.me, userId: 'u-2', email: 'other@example.com' } };

// answersBy answers GET /api/user/me by the credential it carries: the link's token, or anything else.
function answersBy(forLink: Response, forPage: Response) {
  return mockServer({
    'GET /api/user/me': (request) => (request.headers.get('Authorization') === `Bearer ${linkToken}` ? forLink : forPage).clone(),
    'POST /auth/logout': json(200, { redirectTo: '/' }),
  });
}

function openLink() {
  window.history.replaceState(null, '', `/name-and-birth?token=${linkToken}`);
  captureLaunchToken();
  const container = document.createElement('div');
  document.body.append(container);
  return container;
}

describe('resolveAccountSwitch', () => {
  it('takes the link’s token at once when the page’s session has ended', async () => {
    answersBy(json(200, other), json(401));
    await resolveAccountSwitch(openLink());
    expect(getStoredToken()).toBe(linkToken);
    expect(pendingToken()).toBeNull();
  });

  it('takes the link’s token at once when it is for the same account', async () => {
    answersBy(json(200, member), json(200, member));
    await resolveAccountSwitch(openLink());
    expect(getStoredToken()).toBe(linkToken);
  });

  it('takes the link’s token at once on a page with no account', async () => {
    answersBy(json(200, other), json(401));
    await resolveAccountSwitch(openLink());
    expect(getStoredToken()).toBe(linkToken);
  });

  it('drops a link token the server refuses', async () => {
    answersBy(json(401), json(200, member));
    await resolveAccountSwitch(openLink());
    expect(getStoredToken()).toBeNull();
    expect(pendingToken()).toBeNull();
  });

  it('asks, and keeps the signed-in account when the member stays', async () => {
    answersBy(json(200, other), json(200, member));
    const done = resolveAccountSwitch(openLink());

    // Focus moves to the heading in an effect, which may run a moment after the heading is shown.
    const heading = await screen.findByRole('heading', { name: 'You’re signed in to another account' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/signed in as member@example\.com\. The link you opened is for other@example\.com/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Stay as member@example.com' }));
    await done;

    expect(getStoredToken()).toBeNull();
    expect(pendingToken()).toBeNull();
  });

  it('switches when the member chooses the link’s account, ending the web session first', async () => {
    const server = answersBy(json(200, other), json(200, member));
    const done = resolveAccountSwitch(openLink());

    await userEvent.click(await screen.findByRole('button', { name: 'Switch to other@example.com' }));
    await done;

    expect(getStoredToken()).toBe(linkToken);
    await waitFor(() => expect(server.requests()).toContain('POST /auth/logout'));
  });

  it('asks in the app shell too, when the stored token is another account’s', async () => {
    const mine = jwtFor('member-1');
    localStorage.setItem(TOKEN_STORAGE_KEY, mine);
    answersBy(json(200, other), json(200, member));
    const done = resolveAccountSwitch(openLink());

    await userEvent.click(await screen.findByRole('button', { name: 'Stay as member@example.com' }));
    await done;

    expect(getStoredToken()).toBe(mine);
  });
});
