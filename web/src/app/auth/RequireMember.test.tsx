import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeToken } from '@/lib/auth-token';
import { mayBeSignedIn } from '@/lib/session';
import { json, member, mockServer, never, stubLocation } from '@/test/api';
import { finishedSurvey } from '@/test/survey';
import { renderApp } from '@/test/render-app';
import { LOGOUT_DELAY_MS } from './RequireMember';

const unauthorized = json(401, { title: 'Unauthorized', status: 401 });

describe('the sign-in guard', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows only the loading overlay while the profile loads', async () => {
    const { requests } = mockServer({ 'GET /api/user/me': never });
    renderApp('/account/checkout');

    // The guard's code is in and waiting on the profile.
    await waitFor(() => expect(requests()).toContain('GET /api/user/me'));
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('shows the page once the profile has a userId', async () => {
    mockServer({ ...finishedSurvey(), 'GET /api/user/me': json(200, member) });
    renderApp('/account/checkout');

    expect(await screen.findByRole('heading', { level: 1, name: 'We couldn’t find this checkout' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    expect(mayBeSignedIn()).toBe(true);
  });

  it.each(['/account/plan-recommendation', '/how-you-identify'])(
    'sends a visitor who is not signed in at %s to sign-in, returning to the same address',
    async (path) => {
      const { assign } = stubLocation();
      mockServer({ 'GET /api/user/me': unauthorized });
      renderApp(`${path}?utm_source=mail`);

      await waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith(`/auth/login?returnTo=${path}%3Futm_source%3Dmail`));
      // The overlay stays up while the browser leaves; the page never shows.
      expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    },
  );

  it('sends a visitor who is not signed in at /chat to the home page, not to sign-in', async () => {
    const { assign } = stubLocation();
    mockServer({ 'GET /api/user/me': unauthorized });
    const { pathname } = renderApp('/chat');

    await waitFor(() => expect(pathname()).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: /works with your ADHD brain/ })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it.each([
    ['staff', '/account/meet-your-coach'],
    ['staff', '/how-you-identify'],
    ['admin', '/chat'],
  ] as const)('takes %s who open the member page %s to the staff app', async (role, path) => {
    const { requests } = mockServer({
      ...finishedSurvey(),
      'GET /api/user/me': json(200, { me: { ...member.me, role } }),
      'GET /api/staff/members': json(200, { members: [], next: null }),
    });
    const { pathname } = renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: 'Members' }, { timeout: 5000 })).toBeInTheDocument();
    expect(pathname()).toBe('/staff');
    expect(requests()).toContain('GET /api/staff/members');
  });

  it('shows the error notification when the profile fails, then signs out after a few seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { assign } = stubLocation();
    const { requests } = mockServer({
      'GET /api/user/me': json(400, { title: 'Bad Request', status: 400 }),
      'POST /auth/logout': json(200, { redirectTo: 'http://localhost:3000/' }),
    });
    renderApp('/account/checkout');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('Unable to fetch user');
    expect(screen.queryByRole('heading', { name: 'We couldn’t find this checkout' })).not.toBeInTheDocument();
    expect(requests()).not.toContain('POST /auth/logout');

    await act(() => vi.advanceTimersByTimeAsync(LOGOUT_DELAY_MS));

    await waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith('http://localhost:3000/'));
    expect(requests()).toContain('POST /auth/logout');
  });

  it('treats an answer without a userId as a failure', async () => {
    mockServer({ 'GET /api/user/me': json(200, { me: { email: 'member@example.com' } }) });
    renderApp('/chat');

    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to fetch user');
  });

  it('tries a busy server again before giving up', async () => {
    const answers = [json(503), json(200, member)];
    mockServer({ ...finishedSurvey(), 'GET /api/user/me': () => answers.shift() ?? json(500) });
    renderApp('/chat');

    expect(await screen.findByRole('heading', { level: 1, name: 'Chat with your coach' }, { timeout: 3000 })).toBeInTheDocument();
  });

  it.each(['/account/thank-you', '/we-are-sorry-no-go'])('never stands in front of the crisis page at %s', (path) => {
    const { requests } = mockServer({ 'GET /api/user/me': unauthorized });
    renderApp(path);

    expect(screen.getByRole('heading', { level: 1, name: 'You matter, and help is available right now' })).toBeInTheDocument();
    expect(requests()).toEqual([]);
  });

  it('lets a mistyped address get Not Found without asking for sign-in', async () => {
    const { requests } = mockServer({ 'GET /api/user/me': unauthorized });
    renderApp('/how-you-identfy');

    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
    expect(requests()).toEqual([]);
  });
});

describe('the sign-in guard in the native shell', () => {
  it('sends the token and shows the page', async () => {
    storeToken('eyJ.abc.def');
    const { fetchSpy } = mockServer({ ...finishedSurvey(), 'GET /api/user/me': json(200, member) });
    renderApp('/account/checkout');

    expect(await screen.findByRole('heading', { level: 1, name: 'We couldn’t find this checkout' })).toBeInTheDocument();
    expect((fetchSpy.mock.calls[0]![0] as Request).headers.get('Authorization')).toBe('Bearer eyJ.abc.def');
  });

  it('on a refused token, tells the app and asks the member to reopen the screen, never starting web sign-in', async () => {
    storeToken('eyJ.expired.token');
    const postMessage = vi.fn();
    window.webkit = { messageHandlers: { wayfinder: { postMessage } } };
    const { assign } = stubLocation();
    mockServer({ 'GET /api/user/me': unauthorized });
    renderApp('/account/plan-recommendation');

    expect(await screen.findByRole('heading', { level: 1, name: 'Please open this screen again from the app' })).toBeInTheDocument();
    expect(postMessage).toHaveBeenCalledExactlyOnceWith({ type: 'auth-expired' });
    expect(assign).not.toHaveBeenCalled();
  });
});
