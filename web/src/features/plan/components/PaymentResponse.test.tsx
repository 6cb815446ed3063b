import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionStatus } from '@/lib/subscription';
import { POLL_WINDOW_MS } from '@/features/plan/use-payment-confirmation';
import { json, member, mockServer } from '@/test/api';
import { atThePlan, paymentConfig, plansResponse } from '@/test/plans';
import { renderApp } from '@/test/render-app';
import { finishedSurvey } from '@/test/survey';

const storeUrl = 'https://apps.apple.com/app/id42';
const config = { ...paymentConfig, appStoreUrl: storeUrl };
const iPhone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)';
// The heading keeps its dash off the start of a line with a no-break space.
const welcomeAboard = /^Payment confirmed\s— welcome aboard$/;

function me(status: SubscriptionStatus): typeof member {
  return { me: { ...member.me, subscription: { planId: status === 'none' ? null : 'guided', status } } };
}

/**
 * serve answers the profile with each state of statuses in turn (the last one from then on), as
 * the server would while Stripe's webhook is on its way.
 */
function serve(statuses: SubscriptionStatus[]) {
  let reads = 0;
  return mockServer(
    atThePlan({
      'GET /api/user/me': () => json(200, me(statuses[Math.min(reads++, statuses.length - 1)]!)),
      'GET /api/billing/plans': json(200, plansResponse()),
    }),
  );
}

afterEach(() => {
  vi.useRealTimers();
  delete window.webkit;
});

describe('the payment’s answer page', () => {
  it('says it is confirming the payment, then welcomes the member with the way to the app', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve(['none', 'none', 'none', 'active']);
    const { navigate, pathname } = renderApp('/account/payment-response?session_id=cs_1', config);

    const heading = await screen.findByRole('heading', { level: 1, name: 'Confirming your payment…' });
    // The words that change are in a polite status region, so a screen reader hears each change.
    const status = heading.closest('[role="status"]');
    expect(status).toHaveTextContent('This usually takes a few seconds.');
    await act(() => vi.advanceTimersByTimeAsync(3000));

    expect(await screen.findByRole('heading', { level: 1, name: welcomeAboard })).toBe(heading);
    await waitFor(() => expect(status).toHaveTextContent('Your plan: Guided'));
    // The download page's way to the app: a QR code to scan on a computer, and the App Store.
    expect(await screen.findByRole('img', { name: 'QR code that opens the Wayfinder app in the App Store' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the App Store' })).toHaveAttribute('href', storeUrl);
    expect(screen.getByRole('heading', { level: 2, name: 'What happens next' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Payment confirmed · Wayfinder'));

    // The journey knows at once: the plan's steps are behind the member now.
    await navigate('/account/plan-preview');
    await waitFor(() => expect(pathname()).toBe('/account/download-app'));
  });

  it('gives an iPhone the App Store', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(iPhone);
    serve(['active']);
    renderApp('/account/payment-response?session_id=cs_1', config);

    await screen.findByRole('heading', { level: 1, name: welcomeAboard });
    expect(await screen.findByRole('link', { name: 'Open the App Store' })).toHaveAttribute('href', storeUrl);
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
  });

  it('tells the native app, which takes over', async () => {
    const postMessage = vi.fn();
    window.webkit = { messageHandlers: { wayfinder: { postMessage } } };
    serve(['active']);
    renderApp('/account/payment-response?session_id=cs_1', config);

    await screen.findByRole('heading', { level: 1, name: welcomeAboard });
    await waitFor(() => expect(postMessage).toHaveBeenCalledWith({ type: 'payment-complete', planId: 'guided', status: 'active' }));
    expect(screen.getByText('You’re all set. Carry on in the app.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the App Store' })).not.toBeInTheDocument();
  });

  it('says a payment the bank still confirms is on its way, and hands over all the same', async () => {
    serve(['pending']);
    renderApp('/account/payment-response?session_id=cs_1', config);

    expect(await screen.findByRole('heading', { level: 1, name: 'Your payment is on its way' })).toBeInTheDocument();
    expect(screen.getByText('Your bank is still confirming the payment; you can get the app now and we’ll let you know.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Open the App Store' })).toBeInTheDocument();
  });

  it('offers to check again, or go back to the plan, when nothing is heard in time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let paid = false;
    mockServer({
      ...finishedSurvey({ coachId: 'maya', resumeAt: 'testimonials' }, { real: true }),
      'GET /api/user/me': () => json(200, me(paid ? 'active' : 'none')),
      'GET /api/billing/plans': json(200, plansResponse()),
    });
    const { user } = renderApp('/account/payment-response?session_id=cs_1', config);
    await screen.findByRole('heading', { level: 1, name: 'Confirming your payment…' });

    await act(() => vi.advanceTimersByTimeAsync(POLL_WINDOW_MS + 1000));

    expect(await screen.findByRole('heading', { level: 1, name: 'We haven’t heard back yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your plan' })).toHaveAttribute('href', '/account/plan-preview');
    paid = true;
    await user.click(screen.getByRole('button', { name: 'Check again' }));

    expect(await screen.findByRole('heading', { level: 1, name: welcomeAboard })).toBeInTheDocument();
  });
});
