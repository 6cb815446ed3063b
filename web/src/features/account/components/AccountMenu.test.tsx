import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mayBeSignedIn, rememberSignedIn } from '@/lib/session';
import { json, member, mockServer, stubLocation } from '@/test/api';
import { finishedSurvey } from '@/test/survey';
import { renderApp } from '@/test/render-app';

function withRequestId(response: Response, id: string): Response {
  response.headers.set('X-Request-Id', id);
  return response;
}

async function openMenu() {
  rememberSignedIn();
  const result = renderApp('/chat');
  await screen.findByRole('heading', { level: 1, name: 'Chat with your coach' });
  await result.user.click(await screen.findByRole('button', { name: 'Account' }));
  // The panel's code loads on first use, then shows who is signed in.
  const menu = await screen.findByRole('group', { name: 'Your account' });
  await within(menu).findByText('member@example.com');
  return { ...result, menu };
}

describe('the account menu', () => {
  it('shows a signed-in web member who they are, with their data, deletion and sign-out', async () => {
    mockServer({ ...finishedSurvey(), 'GET /api/user/me': json(200, member) });
    const { menu, user } = await openMenu();

    expect(screen.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByText('member@example.com')).toBeVisible();
    for (const name of ['Download my data', 'Delete my account', 'Sign out']) {
      expect(within(menu).getByRole('button', { name })).toBeVisible();
    }

    await user.keyboard('{Escape}');
    expect(menu).not.toBeVisible();
    expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus();
  });

  it('is not there for a visitor, who sends no request for it', async () => {
    const { requests } = mockServer({ 'GET /api/user/me': json(401, { status: 401 }) });
    renderApp('/');

    await screen.findByRole('link', { name: 'Get started' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
    expect(requests()).toEqual([]);
  });

  it('downloads the member’s data as the file the server names', async () => {
    const createObjectURL = vi.fn(() => 'blob:my-data');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    mockServer({
      ...finishedSurvey(),
      'GET /api/user/me': json(200, member),
      'GET /api/user/me/export': () =>
        new Response('{"profile":{}}', {
          headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment; filename="wayfinder-my-data-2026-11-24.json"' },
        }),
    });
    const { menu, user } = await openMenu();

    await user.click(within(menu).getByRole('button', { name: 'Download my data' }));

    expect(await within(menu).findByText('Your data is downloading as a file.')).toBeInTheDocument();
    expect(clicked).toEqual(['wayfinder-my-data-2026-11-24.json']);
    expect(createObjectURL).toHaveBeenCalledOnce();
  });

  it('says plainly when downloads are limited, with a reference for support', async () => {
    mockServer({
      ...finishedSurvey(),
      'GET /api/user/me': json(200, member),
      'GET /api/user/me/export': () => withRequestId(json(429, { status: 429, detail: 'Too many' }), '0a1b2c3d4e5f60718293a4b5'),
    });
    const { menu, user } = await openMenu();

    await user.click(within(menu).getByRole('button', { name: 'Download my data' }));

    const status = await within(menu).findByText(/downloaded your data several times/, {}, { timeout: 4000 });
    expect(status).toHaveTextContent('Reference: 0a1b2c3d');
    expect(status).not.toHaveTextContent('429');
  }, 10_000);

  it('deletes the account only after the member confirms, then says goodbye', async () => {
    const { assign } = stubLocation();
    const { requests } = mockServer({
      ...finishedSurvey(),
      'GET /api/user/me': json(200, member),
      'DELETE /api/user/me': new Response(null, { status: 204 }),
    });
    const { menu, user } = await openMenu();

    await user.click(within(menu).getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    // The safe choice has focus: a stray Enter keeps the account.
    expect(within(dialog).getByRole('button', { name: 'Keep my account' })).toHaveFocus();
    expect(requests()).not.toContain('DELETE /api/user/me');

    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));

    await waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith('/goodbye'));
    expect(requests().filter((r) => r === 'DELETE /api/user/me')).toHaveLength(1);
    expect(mayBeSignedIn()).toBe(false);
  });

  it('keeps everything when deleting fails, and says so in plain words', async () => {
    const { assign } = stubLocation();
    mockServer({
      ...finishedSurvey(),
      'GET /api/user/me': json(200, { me: { ...member.me, subscription: { planId: 'monthly', status: 'active' } } }),
      'DELETE /api/user/me': () => withRequestId(json(503, { status: 503, detail: 'stripe: connection refused' }), 'ffee0011aabbccddeeff0011'),
    });
    const { menu, user } = await openMenu();
    await user.click(within(menu).getByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveTextContent('Your subscription will be cancelled too');

    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete my account' }));

    const alert = await within(dialog).findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('nothing was changed');
    expect(alert).toHaveTextContent('Reference: ffee0011');
    expect(alert).not.toHaveTextContent(/503|stripe/);
    expect(assign).not.toHaveBeenCalled();
    expect(mayBeSignedIn()).toBe(true);
  }, 10_000);

  it('signs out', async () => {
    const { assign } = stubLocation();
    const { requests } = mockServer({
      ...finishedSurvey(),
      'GET /api/user/me': json(200, member),
      'POST /auth/logout': json(200, { redirectTo: 'http://localhost:3000/' }),
    });
    const { menu, user } = await openMenu();

    await user.click(within(menu).getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith('http://localhost:3000/'));
    expect(requests()).toContain('POST /auth/logout');
  });
});
