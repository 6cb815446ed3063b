import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, member, mockServer, never, stubLocation } from '@/test/api';
import { finishedSurvey } from '@/test/survey';
import { renderApp } from '@/test/render-app';
import { defaultRuntimeConfig } from '@/config/runtime';
import type { Coach } from '@/features/coaches/api/list-coaches';

const storeUrl = 'https://apps.apple.com/app/id42';
const config = { ...defaultRuntimeConfig, appStoreUrl: storeUrl };

function coach(id: string, firstName: string, extra: Partial<Coach> = {}): Coach {
  return {
    coachId: id,
    userId: null,
    firstName,
    lastName: 'Example',
    nickname: '',
    avatarUrl: `/media/coaches/${id}.svg`,
    oneLiner: `${firstName}'s one-liner`,
    tags: 'Time management,  Warm',
    timezone: 'America/Chicago',
    description: `${firstName} has coached for years.`,
    introVideoUrl: '',
    captionsUrl: '',
    current: false,
    recommended: false,
    match: { topics: [], sameTimeZone: false, nearTimeZone: false },
    ...extra,
  };
}

const coaches = [
  coach('maya', 'Maya', { recommended: true, match: { topics: ['Time management'], sameTimeZone: true, nearTimeZone: false } }),
  coach('dev', 'Dev'),
];

let server: ReturnType<typeof mockServer>;
beforeEach(() => {
  server = mockServer({
    ...finishedSurvey(),
    'GET /api/user/me': json(200, member),
    'GET /api/chat/list_coaches': json(200, { coaches }),
    'PUT /api/chat/me_switch_coach': json(200, { coachId: 'maya', assignedAt: '2026-11-22T10:00:00Z' }),
  });
});

afterEach(() => {
  delete window.webkit;
  localStorage.clear();
});

describe('the coach chooser', () => {
  it('shows each coach with the recommended one first and why', async () => {
    renderApp('/account/meet-your-coach', config);

    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your coach' })).toBeInTheDocument();
    const maya = await screen.findByRole('article', { name: 'Maya Example' });
    expect(within(maya).getByText('Recommended for you')).toBeInTheDocument();
    expect(within(maya).getByText('Specializes in time management; in your time zone')).toBeInTheDocument();
    expect(within(maya).getByText('Time management, Warm')).toBeInTheDocument();
    expect(within(maya).getByText('Central Time')).toBeInTheDocument();
    expect(within(maya).getByRole('img', { name: 'Portrait of Maya Example' })).toHaveAttribute('src', '/media/coaches/maya.svg');
    expect(within(maya).getByRole('button', { name: 'Choose Maya' })).toBeInTheDocument();
    const dev = screen.getByRole('article', { name: 'Dev Example' });
    expect(within(dev).queryByText('Recommended for you')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Coaches' })).toHaveAttribute('aria-roledescription', 'carousel');
    expect(screen.getByRole('group', { name: '1 of 2: Maya Example' })).toHaveAttribute('aria-roledescription', 'slide');
    await waitFor(() => expect(document.title).toBe('Choose your coach · Wayfinder'));
  });

  it('shows a loading indicator while the coaches load', async () => {
    mockServer({ ...finishedSurvey(), 'GET /api/user/me': json(200, member), 'GET /api/chat/list_coaches': never });
    renderApp('/account/meet-your-coach', config);

    expect(await screen.findByText('Finding coaches for you…')).toHaveAttribute('role', 'status');
  });

  it('shows the error in a red notification titled Error, in plain words with a reference, and a way to try again', async () => {
    mockServer({
      ...finishedSurvey(),
      'GET /api/user/me': json(200, member),
      'GET /api/chat/list_coaches': () =>
        new Response(JSON.stringify({ title: 'Internal Server Error' }), { status: 500, headers: { 'X-Request-Id': '0f1e2d3c4b5a69788796a5b4' } }),
    });
    renderApp('/account/meet-your-coach', config);

    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('The problem is on our side, not yours. Please try again in a minute. Reference: 0f1e2d3c');
    expect(alert).not.toHaveTextContent(/status code|500/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  }, 15000);

  it('says so kindly when no coach has room', async () => {
    mockServer({ ...finishedSurvey(), 'GET /api/user/me': json(200, member), 'GET /api/chat/list_coaches': json(200, { coaches: [] }) });
    renderApp('/account/meet-your-coach', config);

    expect(await screen.findByText(/No coaches have room right now/)).toBeInTheDocument();
  });

  it('sends a desktop member to the download page after choosing', async () => {
    const { user, pathname } = renderApp('/account/meet-your-coach', config);

    await user.click(await screen.findByRole('button', { name: 'Choose Maya' }));

    await waitFor(() => expect(pathname()).toBe('/account/download-app'));
    const put = server.fetchSpy.mock.calls.map(([r]) => r as Request).find((r) => r.method === 'PUT');
    expect(await put?.json()).toEqual({ coachId: 'maya' });
  });

  it('sends an iPhone to the App Store, even when saving the choice failed', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)');
    const { assign } = stubLocation();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockServer({
      ...finishedSurvey(),
      'GET /api/user/me': json(200, member),
      'GET /api/chat/list_coaches': json(200, { coaches }),
      'PUT /api/chat/me_switch_coach': json(503, { title: 'Service Unavailable', detail: 'The database is busy.' }),
    });
    const { user } = renderApp('/account/meet-your-coach', config);

    await user.click(await screen.findByRole('button', { name: 'Choose Dev' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(storeUrl), { timeout: 5000 });
    expect(error).toHaveBeenCalled();
  });

  it('stays and says why when the server refuses the choice, without handing over', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)');
    const { assign } = stubLocation();
    mockServer({
      ...finishedSurvey(),
      'GET /api/user/me': json(200, member),
      'GET /api/chat/list_coaches': json(200, { coaches }),
      'PUT /api/chat/me_switch_coach': json(409, { title: 'Conflict', detail: 'This coach has no room for another member right now.' }),
    });
    const { user, pathname } = renderApp('/account/meet-your-coach', config);

    await user.click(await screen.findByRole('button', { name: 'Choose Dev' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t make that choice');
    expect(alert).toHaveTextContent('This coach has no room for another member right now.');
    expect(pathname()).toBe('/account/meet-your-coach');
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Choose Dev' })).not.toHaveAttribute('aria-disabled');
  });

  it('says in words why the coaches are not open, not with the status code', async () => {
    mockServer({
      ...finishedSurvey(),
      'GET /api/user/me': json(200, member),
      'GET /api/chat/list_coaches': json(409, { title: 'Conflict', detail: 'Please finish the survey first: one question still needs an answer.' }),
    });
    renderApp('/account/meet-your-coach', config);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Please finish the survey first: one question still needs an answer.');
    expect(alert).not.toHaveTextContent(/status code/);
  });

  it('goes on toward the plan with payment on, once the choice is saved', async () => {
    mockServer({
      ...finishedSurvey({}, { real: true }),
      'GET /api/user/me': json(200, member),
      'GET /api/chat/list_coaches': json(200, { coaches }),
      'PUT /api/chat/me_switch_coach': json(200, { coachId: 'maya', assignedAt: '2026-11-22T10:00:00Z' }),
    });
    const { pathname, user } = renderApp('/account/meet-your-coach', { ...config, paymentEnabled: true });

    await user.click(await screen.findByRole('button', { name: 'Choose Maya' }));

    await waitFor(() => expect(pathname()).toBe('/testimonials'));
  });

  it('stays to choose again with payment on, when the choice did not reach the server', { timeout: 15_000 }, async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockServer({
      ...finishedSurvey({}, { real: true }),
      'GET /api/user/me': json(200, member),
      'GET /api/chat/list_coaches': json(200, { coaches }),
      'PUT /api/chat/me_switch_coach': json(503, { title: 'Service Unavailable' }),
    });
    const { pathname, user } = renderApp('/account/meet-your-coach', { ...config, paymentEnabled: true });

    await user.click(await screen.findByRole('button', { name: 'Choose Maya' }));

    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('Your choice didn’t reach us.');
    expect(pathname()).toBe('/account/meet-your-coach');
  });

  it('takes a member whose journey closed meanwhile to the crisis page when the choice is refused', async () => {
    let held = false;
    mockServer({
      'GET /api/onboarding/definition': finishedSurvey()['GET /api/onboarding/definition'],
      'GET /api/onboarding/survey': () => finishedSurvey({ safetyHold: held, resumeAt: held ? 'we-are-sorry-no-go' : 'pre-account' })['GET /api/onboarding/survey'],
      'GET /api/user/me': json(200, member),
      'GET /api/chat/list_coaches': json(200, { coaches }),
      'PUT /api/chat/me_switch_coach': () => {
        // A disclosure was made on another device after the chooser opened.
        held = true;
        return json(409, { title: 'Conflict', detail: 'Sign-up is paused until someone from our team has checked in with you.' });
      },
    });
    const { user, pathname } = renderApp('/account/meet-your-coach', config);

    await user.click(await screen.findByRole('button', { name: 'Choose Maya' }));

    await waitFor(() => expect(pathname()).toBe('/we-are-sorry-no-go'));
    expect(await screen.findByRole('link', { name: /Call 988/ })).toBeInTheDocument();
  });

  it('tells the native app, and stays', async () => {
    const postMessage = vi.fn();
    window.webkit = { messageHandlers: { wayfinder: { postMessage } } };
    const { user, pathname } = renderApp('/account/meet-your-coach', config);

    await user.click(await screen.findByRole('button', { name: 'Choose Maya' }));

    await waitFor(() => expect(postMessage).toHaveBeenCalledWith({ type: 'coach-chosen', coachId: 'maya', saved: true }));
    expect(pathname()).toBe('/account/meet-your-coach');
    expect(await screen.findByText('Great choice! Carry on in the app.')).toBeInTheDocument();
  });

  it('sends the kept campaign values once with meet-your-coach, then forgets them', async () => {
    localStorage.setItem('utm', JSON.stringify({ utm_source: 'newsletter' }));
    const saved = vi.fn(() => new Response(null, { status: 204 }));
    mockServer({
      ...finishedSurvey(),
      'GET /api/user/me': json(200, member),
      'GET /api/chat/list_coaches': json(200, { coaches }),
      'PUT /api/onboarding/survey': saved,
    });
    renderApp('/account/meet-your-coach', config);

    await waitFor(() => expect(localStorage.getItem('utm')).toBeNull());
    expect(saved).toHaveBeenCalledTimes(1);
  });
});
