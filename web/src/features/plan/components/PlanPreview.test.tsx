import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Coupon, PlansResponse } from '@/features/plan/api/types';
import { json, member, mockServer, stubLocation } from '@/test/api';
import { atThePlan, freezeToday, guided, intensive, paymentConfig, plansResponse, sentence, starter, welcome20, withCoupon } from '@/test/plans';
import { renderApp } from '@/test/render-app';
import { finishedSurvey } from '@/test/survey';

const config = paymentConfig;

function serve(plans: Partial<PlansResponse> = {}, extra: Parameters<typeof mockServer>[0] = {}) {
  return mockServer(
    atThePlan({
      'GET /api/billing/plans': json(200, plansResponse(plans)),
      ...extra,
    }),
  );
}

freezeToday();

describe('the plan preview', () => {
  it('shows the recommended plan, the coach, and what is charged when, with a trial', async () => {
    serve();
    renderApp('/account/plan-preview', config);

    expect(await screen.findByRole('heading', { level: 1, name: 'Your plan at a glance' })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Guided' });
    expect(within(card).getByText('$129 / month')).toBeInTheDocument();
    expect(within(card).getByText('7-day free trial')).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'What’s included' })).toBeInTheDocument();
    expect(screen.getByText('Maya Reyes')).toBeInTheDocument();
    const pay = screen.getByRole('region', { name: 'What you’ll pay' });
    expect(pay).toHaveTextContent('Today: $0. On November 30, 2026: $129.00, then $129.00 every month until you cancel.');
    expect(pay).toHaveTextContent('Cancel before November 30, 2026 and you pay nothing.');
    expect(pay).toHaveTextContent('You can cancel any time in the Wayfinder app. You won’t be charged again after you cancel.');
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeInTheDocument();
    expect(screen.queryByText('Test mode: no real payment')).not.toBeInTheDocument();
    expect(screen.queryByText(/Checkout was canceled/)).not.toBeInTheDocument();
  });

  it('shows the plan the member chose, from this tab’s storage', async () => {
    sessionStorage.setItem('wayfinder.plan', 'intensive');
    serve();
    renderApp('/account/plan-preview', config);

    expect(await screen.findByRole('article', { name: 'Intensive' })).toBeInTheDocument();
    expect(screen.getByText(sentence('Today: $249.00, then $249.00 every month until you cancel.'))).toBeInTheDocument();
    expect(screen.queryByText(/Cancel before/)).not.toBeInTheDocument();
  });

  it('falls back to the recommended plan when the kept one is no longer offered', async () => {
    sessionStorage.setItem('wayfinder.plan', 'retired');
    serve();
    renderApp('/account/plan-preview', config);

    expect(await screen.findByRole('article', { name: 'Guided' })).toBeInTheDocument();
  });

  it('says a one-off plan is charged once, and nothing after', async () => {
    sessionStorage.setItem('wayfinder.plan', 'starter');
    serve();
    renderApp('/account/plan-preview', config);

    const card = await screen.findByRole('article', { name: 'Starter' });
    expect(within(card).getByText('$149 one-time')).toBeInTheDocument();
    expect(screen.getByText(sentence('Today: $149.00, once. Nothing after that.'))).toBeInTheDocument();
    expect(screen.queryByText(/Cancel any time/)).not.toBeInTheDocument();
  });

  it.each<[string, Coupon, string]>([
    ['applies', welcome20, 'Coupon WELCOME20: 20% off your first paid month'],
    ['unknown', { ...welcome20, status: 'unknown', percentOff: null, duration: null }, 'We couldn’t find the coupon WELCOME20, so checkout goes on without it.'],
    ['unchecked', { ...welcome20, status: 'unchecked', percentOff: null, duration: null }, 'We couldn’t check the coupon WELCOME20 just now. We’ll try it at checkout, so the prices here don’t include it yet.'],
  ])('says what the coupon does when it %s', async (status, coupon, line) => {
    const plans = status === 'applies' ? [withCoupon(guided), starter, intensive] : [guided, starter, intensive];
    serve({ coupon, plans });
    renderApp('/account/plan-preview', config);

    expect(await screen.findByText(line)).toBeInTheDocument();
    const charge = status === 'applies' ? '$103.20' : '$129.00';
    expect(screen.getByText(sentence(`Today: $0. On November 30, 2026: ${charge}, then $129.00 every month until you cancel.`))).toBeInTheDocument();
  });

  it('says calmly that nothing was charged when checkout was canceled, with the same preview', async () => {
    serve();
    renderApp('/account/plan-preview?checkout=canceled', config);

    expect(await screen.findByText('Checkout was canceled. Nothing was charged.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Guided' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeInTheDocument();
  });

  it('labels test mode clearly', async () => {
    serve({ testMode: true });
    renderApp('/account/plan-preview', config);

    expect(await screen.findByText('Test mode: no real payment')).toBeInTheDocument();
  });

  it('starts checkout for the chosen plan and sends the browser there', async () => {
    const { assign } = stubLocation();
    sessionStorage.setItem('wayfinder.plan', 'intensive');
    const { fetchSpy } = serve({}, { 'POST /api/billing/checkout': json(200, { sessionId: 'cs_1', url: 'https://checkout.stripe.com/c/pay/cs_1' }) });
    const { user } = renderApp('/account/plan-preview', config);

    await screen.findByRole('article', { name: 'Intensive' });
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    await waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith('https://checkout.stripe.com/c/pay/cs_1'));
    const post = fetchSpy.mock.calls.map(([r]) => r as Request).find((r) => r.method === 'POST');
    expect(await post?.json()).toEqual({ planId: 'intensive' });
    // The button says it is on its way while the browser leaves, and takes no second press.
    expect(screen.getByRole('button', { name: 'Opening secure checkout…' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the server’s reason when checkout is refused, never a status code', async () => {
    const { assign } = stubLocation();
    serve({}, { 'POST /api/billing/checkout': json(409, { title: 'Conflict', status: 409, detail: 'You already have a plan with us.' }) });
    const { user } = renderApp('/account/plan-preview', config);

    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t start checkout');
    expect(alert).toHaveTextContent('You already have a plan with us.');
    expect(alert).not.toHaveTextContent(/409|Conflict|status/);
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Continue to payment' })).not.toHaveAttribute('aria-disabled');
  });

  it('says nothing was charged when Stripe cannot be reached, to try again', async () => {
    serve({}, { 'POST /api/billing/checkout': json(503, { title: 'Service Unavailable', status: 503, detail: 'stripe: dial tcp: timeout' }) });
    const { user } = renderApp('/account/plan-preview', config);

    await user.click(await screen.findByRole('button', { name: 'Continue to payment' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t reach our payment partner. Nothing was charged. Please try again in a moment.');
    expect(alert).not.toHaveTextContent(/stripe:|dial tcp/);
  });
});

describe('the plan preview for a member who paid meanwhile', () => {
  it('reads the journey again and moves on to the done step', async () => {
    let reads = 0;
    const survey = (paid: boolean) =>
      finishedSurvey({ coachId: 'maya', resumeAt: paid ? 'thank-you-page' : 'testimonials', paid }, { real: true })['GET /api/onboarding/survey'];
    mockServer({
      ...finishedSurvey({ coachId: 'maya' }, { real: true }),
      // Paid in another tab: this page's state still says not paid, the server's answers say paid.
      'GET /api/onboarding/survey': () => survey(reads++ > 0),
      'GET /api/user/me': json(200, member),
      'GET /api/billing/plans': json(200, plansResponse({ subscription: { planId: 'guided', status: 'active' } })),
    });
    const { pathname } = renderApp('/account/plan-preview', config);

    await waitFor(() => expect(pathname()).toBe('/account/download-app'));
  });
});
