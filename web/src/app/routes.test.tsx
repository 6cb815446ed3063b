import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, member, mockServer, never } from '@/test/api';
import { forgetSignedIn, rememberSignedIn } from '@/lib/session';
import { renderApp } from '@/test/render-app';
import { testDefinition } from '@/features/survey/test-definition';

const notAvailable = 'Not available yet';

describe('routes', () => {
  // The account area, the chat and the survey steps are for signed-in members; here one is.
  beforeEach(() => {
    mockServer({
      'GET /api/user/me': json(200, member),
      'GET /api/onboarding/definition': json(200, testDefinition),
      'GET /api/onboarding/survey': json(200, { answers: [], resumeAt: 'name-and-birth', score: null, highLikelihood: false }),
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

  it.each([
    ['/account/plan-recommendation', 'Your recommended plan'],
    ['/account/plan-preview', 'Your plan in detail'],
    ['/account/checkout', 'Checkout'],
    ['/account/payment-response', 'Payment status'],
    ['/chat', 'Chat with your coach'],
  ])('shows a clear placeholder at %s', async (path, heading, title = heading) => {
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText(notAvailable)).toBeInTheDocument();
    // The title is set in an effect, which may run a moment after the page appears.
    await waitFor(() => expect(document.title).toBe(`${title} · Wayfinder`));
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
    renderApp('/', { brandName: 'Compass', appStoreUrl: '', paymentEnabled: false, features: {} });

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
      'GET /api/onboarding/survey': json(200, { answers: [], resumeAt: 'how-you-identify', score: null, highLikelihood: false }),
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
});
