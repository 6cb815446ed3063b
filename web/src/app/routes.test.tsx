import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, member, mockServer, never, stubLocation } from '@/test/api';
import { storeToken } from '@/lib/auth-token';
import { forgetSignedIn, rememberSignedIn } from '@/lib/session';
import { renderApp } from '@/test/render-app';
import { answeredBefore, testDefinition } from '@/features/survey/test-definition';
import { defaultRuntimeConfig } from '@/config/runtime';
import { finishedRealSurvey, realDefinition } from '@/test/definition';

describe('routes', () => {
  // The account area, the chat and the survey steps are for signed-in members; here one is.
  beforeEach(() => {
    mockServer({
      'GET /api/user/me': json(200, member),
      'GET /api/onboarding/definition': json(200, testDefinition),
      'GET /api/onboarding/survey': json(200, {
        answers: answeredBefore('whats-your-motivation'),
        resumeAt: 'whats-your-motivation',
        score: null,
        highLikelihood: false,
        safetyHold: false,
        coachId: null,
      }),
    });
  });

  it('shows the home page with the fact about diagnosis and a way in', async () => {
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('works with your ADHD brain');
    expect(screen.getByText('Fewer than 20% of adults with ADHD are diagnosed and treated.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get started' })).toBeInTheDocument();
  });

  it.each([
    ['/name-and-birth', 'About you'],
    ['/live-state', 'Where do you live?'],
  ])('shows the form step %s', async (path, heading) => {
    renderApp(path);

    // A form step's code loads on demand, which can take a moment in a busy test run.
    expect(await screen.findByRole('heading', { level: 1, name: heading }, { timeout: 5000 })).toBeInTheDocument();
  });

  it.each([
    ['/terms', 'Terms and conditions'],
    ['/privacy', 'Privacy policy'],
  ])('shows the legal page %s to everyone', async (path, heading) => {
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${heading} · Wayfinder`));
  });

  it('shows a survey step from the definition', async () => {
    renderApp('/how-you-identify');

    expect(await screen.findByRole('group', { name: 'How do you identify, Test?' })).toBeInTheDocument();
  });

  it.each(['describe-diagnosis', 'how-would-you-like-agate', 'some-unknown-page', 'HOW-YOU-IDENTIFY'])(
    'shows Not Found for the unknown slug /%s',
    async (slug) => {
      renderApp(`/${slug}`);

      expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
    },
  );

  it('shows the survey’s account step at /account until the member has confirmed their details', async () => {
    renderApp('/account');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your details' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('tells a member at /chat that the chat is in the app, with the App Store and the way back into sign-up', async () => {
    renderApp('/chat', { ...defaultRuntimeConfig, appStoreUrl: 'https://apps.apple.com/app/id123' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Chat with your coach' })).toBeInTheDocument();
    expect(screen.getByText('You and your coach chat in the Wayfinder app on your iPhone.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get the Wayfinder app' })).toHaveAttribute('href', 'https://apps.apple.com/app/id123');
    expect(await screen.findByRole('link', { name: 'Continue where you left off' })).toHaveAttribute('href', '/whats-your-motivation');
    await waitFor(() => expect(document.title).toBe('Chat with your coach · Wayfinder'));
  });

  it('at /chat without an App Store link, says how to find the app', async () => {
    renderApp('/chat');

    expect(await screen.findByText('Search for “Wayfinder” in the App Store on your iPhone.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Get the/ })).not.toBeInTheDocument();
  });

  it('shows members’ stories on the testimonials step, marked as illustrative', async () => {
    renderApp('/testimonials');

    expect(await screen.findByRole('heading', { level: 1, name: 'You’re not alone' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByRole('blockquote')).toHaveLength(3);
    expect(screen.getByText(/These stories are illustrative/)).toBeInTheDocument();
  });

  it('shows Not Found for an unknown page inside /account', async () => {
    renderApp('/account/no-such-thing');

    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument();
  });

  it('shows the brand from the runtime settings in the top bar', async () => {
    renderApp('/', { brandName: 'Compass', appStoreUrl: '', accountUrl: '', paymentEnabled: false, features: {} });

    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Compass home' })).toHaveAttribute('href', '/');
    expect(screen.getByText('Welcome to Compass')).toBeInTheDocument();
    expect(screen.queryByText(/Wayfinder/)).not.toBeInTheDocument();
  });

  it('moves focus to the heading of a survey step whose definition arrives after the step opens', async () => {
    // The step's definition arrives only once focus has moved to the page area, which shows the
    // step's loading state meanwhile.
    const afterFocusWaits = () =>
      new Promise<Response>((resolve) => {
        const poll = setInterval(() => {
          if (document.activeElement !== screen.getByRole('main')) return;
          clearInterval(poll);
          resolve(json(200, testDefinition));
        }, 10);
      });
    mockServer({
      'GET /api/user/me': json(200, member),
      'GET /api/onboarding/definition': afterFocusWaits,
      'GET /api/onboarding/survey': json(200, { answers: answeredBefore('how-you-identify'), resumeAt: 'how-you-identify', score: null, highLikelihood: false }),
    });
    const { navigate } = renderApp('/sign-in-problem');
    await screen.findByRole('heading', { level: 1, name: 'Something went wrong on our side' });

    await navigate('/how-you-identify');

    const heading = await screen.findByRole('heading', { level: 1, name: 'How do you identify, Test?' });
    await waitFor(() => expect(heading).toHaveFocus());
  });
  it('asks for a survey step’s definition and answers alongside the profile, not after it', async () => {
    const { requests } = mockServer({
      'GET /api/user/me': never,
      'GET /api/onboarding/definition': json(200, testDefinition),
      'GET /api/onboarding/survey': json(200, { answers: [], resumeAt: 'how-you-identify', score: null, highLikelihood: false }),
    });
    rememberSignedIn();
    renderApp('/how-you-identify');

    await waitFor(() =>
      expect(requests()).toEqual(expect.arrayContaining(['GET /api/onboarding/definition', 'GET /api/onboarding/survey'])),
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
  });

  it('asks a visitor who has not signed in on this device for no answers before the profile', async () => {
    const { requests } = mockServer({
      'GET /api/user/me': never,
      'GET /api/onboarding/definition': json(200, testDefinition),
    });
    forgetSignedIn();
    renderApp('/how-you-identify');

    await waitFor(() => expect(requests()).toContain('GET /api/onboarding/definition'));
    expect(requests()).not.toContain('GET /api/onboarding/survey');
  });

  it('skips web sign-up inside the native shell, which has signed the member in, and welcomes them', async () => {
    storeToken('eyJ.abc.def');
    const { replace } = stubLocation();
    mockServer({
      'GET /api/user/me': json(200, member),
      'GET /api/onboarding/definition': json(200, testDefinition),
      'GET /api/onboarding/survey': json(200, { answers: [], resumeAt: 'name-and-birth', score: null, highLikelihood: false, safetyHold: false, coachId: null }),
    });
    const { pathname } = renderApp('/register');

    await waitFor(() => expect(pathname()).toBe('/progress-basic'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Let’s get to know you' })).toBeInTheDocument();
    expect(replace).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('signup')).toBeNull();
  });

  describe('the journey, with the real definition', () => {
    const state = (extra: Record<string, unknown>) => ({
      answers: [],
      resumeAt: 'name-and-birth',
      score: null,
      highLikelihood: false,
      safetyHold: false,
      coachId: null,
      paid: false,
      ...extra,
    });

    it('takes a fresh member who types the chooser’s address to the first step they need to answer', async () => {
      mockServer({
        'GET /api/user/me': json(200, member),
        'GET /api/onboarding/definition': json(200, realDefinition),
        'GET /api/onboarding/survey': json(200, state({})),
      });
      const { pathname } = renderApp('/account/meet-your-coach');

      await waitFor(() => expect(pathname()).toBe('/name-and-birth'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Nice to meet you' }, { timeout: 5000 })).toBeInTheDocument();
    });

    it('shows a member who chose a coach and comes back the done step, not the chooser', async () => {
      mockServer({
        'GET /api/user/me': json(200, member),
        'GET /api/onboarding/definition': json(200, realDefinition),
        'GET /api/onboarding/survey': json(200, state({ answers: finishedRealSurvey(), resumeAt: 'thank-you-page', coachId: 'maya' })),
        'GET /api/chat/list_coaches': json(200, {
          coaches: [
            {
              coachId: 'maya', userId: null, firstName: 'Maya', lastName: 'Reyes', nickname: '', avatarUrl: '/media/coaches/maya.svg',
              oneLiner: '', tags: '', timezone: '', description: '', introVideoUrl: '', captionsUrl: '', current: true, recommended: false,
              match: { topics: [], sameTimeZone: false, nearTimeZone: false },
            },
          ],
        }),
      });
      const { pathname } = renderApp('/account');

      await waitFor(() => expect(pathname()).toBe('/account/download-app'));
      expect(await screen.findByRole('heading', { level: 1, name: 'You’re all set, Test!' })).toBeInTheDocument();
      expect(await screen.findByText('Maya Reyes')).toBeInTheDocument();
      expect(screen.getByText('Sign in with the same email you used here. Maya will say hello.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Choose a different coach' })).toHaveAttribute('href', '/account/meet-your-coach');
    });

    it.each([
      ['/account/plan-recommendation', '/account/download-app'],
      ['/account/plan-preview', '/account/download-app'],
      ['/account/checkout', '/account/download-app'],
      ['/testimonials', '/account/download-app'],
      ['/account/payment-response', '/account/payment-response'],
    ])('takes a member who has paid from %s to %s, with payment on', async (path, want) => {
      mockServer({
        'GET /api/user/me': json(200, { me: { ...member.me, subscription: { planId: 'guided', status: 'active' } } }),
        'GET /api/onboarding/definition': json(200, realDefinition),
        'GET /api/onboarding/survey': json(200, state({ answers: finishedRealSurvey(), resumeAt: 'thank-you-page', coachId: 'maya', paid: true })),
      });
      const { pathname } = renderApp(path, { ...defaultRuntimeConfig, paymentEnabled: true });

      expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toBeInTheDocument();
      expect(pathname()).toBe(want);
    });

    it.each([
      [false, '3. Get the app. Your coach will meet you there.'],
      [true, '3. See your plan, then get the app.'],
    ])('promises the plan before the coaches only when payment is on (%s)', async (paymentEnabled, line) => {
      mockServer({
        'GET /api/user/me': json(200, member),
        'GET /api/onboarding/definition': json(200, realDefinition),
        'GET /api/onboarding/survey': json(200, state({ answers: finishedRealSurvey(), resumeAt: 'pre-account' })),
      });
      renderApp('/pre-account', { ...defaultRuntimeConfig, paymentEnabled });

      expect(await screen.findByText(line)).toBeInTheDocument();
    });
  });
});
