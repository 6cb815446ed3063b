import type { Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations, toPlan } from './fixtures';
import { startServer } from './server';
import { signedEvent, startStripeMock } from './stripe';

// Plans and payment, end to end, with payment on. Checkout against Stripe uses stripe-mock for
// Stripe's API; the browser is sent to checkout.stripe.com, which the test stands in for, and the
// test delivers the signed event Stripe would send. The demo's test mode is checked too.

const webhookSecret = 'whsec_e2e_secret';

const stripeTest = test.extend<object, { stripeMock: string }>({
  stripeMock: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none.
    async ({}, use) => {
      const mock = await startStripeMock();
      await use(mock.url);
      await mock.stop();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ stripeMock }, use) => {
      const server = await startServer({
        args: ['--demo', '--payment-enabled', '--stripe-api-url', stripeMock],
        env: { WAYFINDER_STRIPE_SECRET_KEY: 'sk_test_e2e', WAYFINDER_STRIPE_WEBHOOK_SECRET: webhookSecret },
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

/** standInForStripe answers the browser's visit to Stripe's hosted checkout with a page of our own. */
async function standInForStripe(page: Page) {
  await page.route('https://checkout.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Stripe Checkout</title><h1>Stripe Checkout</h1>' }),
  );
}

/**
 * startCheckout clicks "Continue to payment" and returns the checkout the server made, read on its
 * way to the page, since the page leaves for Stripe at once.
 */
async function startCheckout(page: Page): Promise<{ sessionId: string; url: string }> {
  let checkout: { sessionId: string; url: string } | undefined;
  await page.route('**/api/billing/checkout', async (route) => {
    const response = await route.fetch();
    checkout = (await response.json()) as { sessionId: string; url: string };
    await route.fulfill({ response });
  });
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect.poll(() => checkout).toBeDefined();
  return checkout!;
}

/** deliverCompleted sends the webhook the signed checkout.session.completed Stripe would send. */
async function deliverCompleted(page: Page, sessionId: string, planId: string) {
  const me = (await (await page.request.get('/api/user/me')).json()).me;
  const { payload, signature } = signedEvent(webhookSecret, {
    id: `evt_${sessionId}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        client_reference_id: me.userId,
        payment_status: 'no_payment_required',
        customer: 'cus_e2e',
        subscription: 'sub_e2e',
        metadata: { user_id: me.userId, plan_id: planId },
      },
    },
  });
  const res = await page.request.post('/api/billing/stripe-webhook', {
    data: payload,
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
  });
  expect(res.status(), await res.text()).toBe(200);
}

stripeTest('a member goes from the coach to the plan, pays on Stripe with a campaign coupon, and is handed over', async ({ page }, testInfo) => {
  await toPlan(page, '/?utm_source=ads&utm_campaign=spring&coupon=FALL20');
  await expect(page.getByText('Recommended for you')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/account\/plan-preview$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your plan at a glance' })).toBeVisible();
  await expect(page.getByText(/Coupon FALL20: 25\.5% off/)).toBeVisible();
  await expect(page.getByText(/every month until you cancel/)).toBeVisible();
  await expectNoAxeViolations(page);

  await standInForStripe(page);
  const checkout = await startCheckout(page);
  await expect(page).toHaveURL(/^https:\/\/checkout\.stripe\.com\//);

  // Stripe sends the member back before its webhook has arrived: the page waits for it.
  await page.goto(`/account/payment-response?session_id=${checkout.sessionId}`);
  await expect(page.getByText('Confirming your payment…')).toBeVisible();
  await expectNoAxeViolations(page);
  await deliverCompleted(page, checkout.sessionId, 'momentum');
  await expect(page.getByText('Payment confirmed — welcome aboard')).toBeVisible({ timeout: 10_000 });
  await expectNoAxeViolations(page);
  const me = (await (await page.request.get('/api/user/me')).json()).me;
  expect(me.subscription).toEqual({ planId: 'momentum', status: 'active' });

  // The hand-off: an iPhone goes to the App Store; a computer gets the download page.
  if (testInfo.project.name === 'phone') await expect(page.getByRole('link', { name: 'Open the App Store' })).toBeVisible();
  else await expect(page.getByRole('img', { name: /QR code/i })).toBeVisible();

  // A member who has paid is never sent to checkout again: the plan's steps lead to the hand-off.
  await page.goto('/account/plan-preview');
  await expect(page).toHaveURL(/\/account\/download-app$/);
  const again = await page.request.post('/api/billing/checkout', { data: { planId: 'steady' } });
  expect(again.status()).toBe(409);
});

stripeTest('canceling on Stripe comes back to the preview with nothing charged', async ({ page }) => {
  await toPlan(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/account\/plan-preview$/);
  await standInForStripe(page);
  await startCheckout(page);
  await expect(page).toHaveURL(/^https:\/\/checkout\.stripe\.com\//);
  // Stripe's cancel link is the cancel_url this server gave it.
  await page.goto('/account/plan-preview?checkout=canceled');
  await expect(page.getByText('Checkout was canceled. Nothing was charged.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
  await expectNoAxeViolations(page);
  const me = (await (await page.request.get('/api/user/me')).json()).me;
  expect(me.subscription).toEqual({ planId: null, status: 'none' });
});

stripeTest('a coupon Stripe does not know: the preview says so, and checkout goes on', async ({ page }) => {
  await toPlan(page, '/?utm_source=ads&coupon=NOTREAL');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('We couldn’t find the coupon NOTREAL, so checkout goes on without it.')).toBeVisible();
});

test('the payment variant follows the hostname: the same server offers payment on one and not the other', async ({ browser }) => {
  const server = await startServer({ args: ['--demo', '--payment-hostnames', 'localhost'] });
  try {
    const page = await browser.newPage();
    const port = new URL(server.url).port;
    const paymentOf = async (host: string) => {
      await page.goto(`http://${host}:${port}/`);
      return JSON.parse((await page.locator('#runtime-config').textContent()) ?? '{}').paymentEnabled;
    };
    expect(await paymentOf('localhost')).toBe(true);
    expect(await paymentOf('127.0.0.1')).toBe(false);
    await page.close();
  } finally {
    await server.stop();
  }
});
