import { test, expect, answerSurvey, expectNoAxeViolations, signUp, toPlan } from './fixtures';

// The journey with payment on (--payment-enabled): what follows the coach choice is the way to the
// plan, not the hand-off. This file's workers run a server of their own with that setting.
test.use({ serverArgs: ['--demo', '--payment-enabled'] });

test('choosing a coach leads to the testimonials, which show illustrative stories and go on to the plan, with axe', async ({ page }) => {
  await signUp(page);
  await answerSurvey(page, { answers: { account: [{ key: 'timeZone', value: 'America/Los_Angeles' }] } });
  await page.goto('/account/meet-your-coach');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your coach' })).toBeVisible();
  const first = page.getByRole('button', { name: /^Choose / }).first();
  await first.click();

  await expect(page).toHaveURL(/\/testimonials$/);
  await expect(page.getByRole('heading', { level: 1, name: 'You’re not alone' })).toBeVisible();
  await expect(page.locator('blockquote')).toHaveCount(3);
  await expect(page.getByText(/These stories are illustrative/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/account\/plan-recommendation$/);
  // The server says the same: a member with a coach continues toward the plan.
  expect((await (await page.request.get('/api/onboarding/survey')).json()).resumeAt).toBe('testimonials');
});

test('the page before the coaches promises the plan', async ({ page }) => {
  await signUp(page);
  await answerSurvey(page);
  await page.goto('/pre-account');
  await expect(page.getByText('3. See your plan, then get the app.')).toBeVisible();
});

// A demo without Stripe keys takes payments in test mode: checkout is a page of this server.
test('the checkout is this server’s own, labelled, and paying there confirms the plan', async ({ page }) => {
  await toPlan(page, '/?coupon=WELCOME20');
  await page.getByText('See other plans').click();
  await page.getByRole('button', { name: 'Choose Kickstart' }).click();
  await expect(page).toHaveURL(/\/account\/plan-preview$/);
  await expect(page.getByText('Test mode: no real payment')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kickstart' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page).toHaveURL(/\/account\/checkout\?session_id=cs_test_local_/);
  await expect(page.getByText('Test mode — no money moves')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Pay (test)' }).click();

  await expect(page).toHaveURL(/\/account\/payment-response\?session_id=cs_test_local_/);
  await expect(page.getByText('Payment confirmed — welcome aboard')).toBeVisible();
  const me = (await (await page.request.get('/api/user/me')).json()).me;
  expect(me.subscription).toEqual({ planId: 'kickstart', status: 'active' });
});
