import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TestCheckout } from '@/features/plan/api/types';
import { json, mockServer, stubLocation } from '@/test/api';
import { atThePlan, freezeToday, guided, paymentConfig, sentence, welcome20, withCoupon } from '@/test/plans';
import { renderApp } from '@/test/render-app';

const config = paymentConfig;

const checkout: TestCheckout = {
  sessionId: 'cs_test_1',
  plan: withCoupon(guided),
  coupon: welcome20,
  successUrl: '/account/payment-response?session_id=cs_test_1',
  cancelUrl: '/account/plan-preview?checkout=canceled',
  paid: false,
};

function serve(extra: Parameters<typeof mockServer>[0] = {}) {
  return mockServer(
    atThePlan({
      'GET /api/billing/test-checkout/cs_test_1': json(200, checkout),
      ...extra,
    }),
  );
}

freezeToday();

describe('the test-mode checkout', () => {
  it('says plainly that no money moves, and shows the plan, what is due and the coupon', async () => {
    serve();
    renderApp('/account/checkout?session_id=cs_test_1', config);

    expect(await screen.findByRole('heading', { level: 1, name: 'Test checkout' })).toBeInTheDocument();
    expect(screen.getByText('Test mode — no money moves')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Guided' })).toBeInTheDocument();
    expect(screen.getByRole('term')).toHaveTextContent('Due today');
    expect(screen.getByRole('definition')).toHaveTextContent('$0');
    expect(screen.getByText(sentence('Today: $0. On November 30, 2026: $103.20, then $129.00 every month until you cancel.'))).toBeInTheDocument();
    expect(screen.getByText('Coupon WELCOME20: 20% off your first paid month')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/account/plan-preview?checkout=canceled');
  });

  it('pays with Pay (test) and goes on to the answer the server gives', async () => {
    const { assign } = stubLocation();
    const { requests } = serve({ 'POST /api/billing/test-checkout/cs_test_1/pay': json(200, { url: checkout.successUrl }) });
    const { user } = renderApp('/account/checkout?session_id=cs_test_1', config);

    await user.click(await screen.findByRole('button', { name: 'Pay (test)' }));

    await waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith('/account/payment-response?session_id=cs_test_1'));
    expect(requests()).toContain('POST /api/billing/test-checkout/cs_test_1/pay');
  });

  it('says so in words when paying fails, and lets the member try again', async () => {
    serve({ 'POST /api/billing/test-checkout/cs_test_1/pay': json(500, { title: 'Internal Server Error', status: 500 }) });
    const { user } = renderApp('/account/checkout?session_id=cs_test_1', config);

    await user.click(await screen.findByRole('button', { name: 'Pay (test)' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was charged. Please try again.');
    expect(alert).not.toHaveTextContent(/500/);
    expect(screen.getByRole('button', { name: 'Pay (test)' })).not.toHaveAttribute('aria-disabled');
  });

  it.each([
    ['without a session', '/account/checkout'],
    ['for a checkout the server does not know', '/account/checkout?session_id=cs_gone'],
  ])('is friendly %s, with the way back to the plan', async (_, path) => {
    serve();
    renderApp(path, config);

    expect(await screen.findByRole('heading', { level: 1, name: 'We couldn’t find this checkout' })).toBeInTheDocument();
    expect(screen.getByText(/Nothing was charged/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your plan' })).toHaveAttribute('href', '/account/plan-preview');
  });
});
