import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { testWithMail, expect, answerSurvey, expectNoAxeViolations, newMemberPassword } from './fixtures';

// Email verification, end to end: the server sends its emails to a Mailpit of the worker's own,
// and takes payments in the demo's test mode. With a real mail server, paying needs a confirmed
// email; sign-up with an address that has an account answers like any other.

const test = testWithMail;
test.use({ serverArgs: ['--demo', '--payment-enabled'] });

const confirmationLink = /https?:\/\/\S+\/idp\/verify\?token=[\w-]+/;

/** submitSignUp fills in the sign-up form from the home page and sends it. */
async function submitSignUp(page: Page, email: string, password = newMemberPassword) {
  await page.goto('/');
  await page.getByRole('link', { name: 'Get started' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Choose a password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** toPlanPreview takes a signed-up member through the survey and the coach to the plan preview. */
async function toPlanPreview(page: Page) {
  await answerSurvey(page, { answers: { 'what-help-need': [{ key: 'check-ins', value: '' }] } });
  await page.goto('/account/meet-your-coach');
  await page.getByRole('button', { name: /^Choose / }).first().click();
  await expect(page).toHaveURL(/\/testimonials$/);
  await page.goto('/account/plan-preview');
}

test('a new member confirms their email from the link, and can pay once they have', async ({ page, mailpit }) => {
  const email = `member-${randomBytes(6).toString('hex')}@example.com`;
  await submitSignUp(page, email);

  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(`We've sent a link to confirm ${email}. You can carry on now.`)).toBeVisible();
  const carryOn = page.getByRole('button', { name: 'Continue' });
  await expect(carryOn).toBeFocused();
  await expectNoAxeViolations(page);
  await carryOn.click();
  await expect(page).toHaveURL(/\/name-and-birth$/);
  expect((await (await page.request.get('/api/user/me')).json()).me).toMatchObject({ email, emailVerified: false });

  // The survey and the coach are open to an unconfirmed member; paying asks for the address.
  await toPlanPreview(page);
  const notice = page.getByRole('region', { name: 'Confirm your email to pay' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await notice.getByRole('button', { name: 'Send the link again' }).click();
  await expect(notice.getByText('Sent. Check your inbox, and your spam folder too.')).toBeVisible();

  // The one from sign-up, and the one asked for now, which the outbox sends a moment later.
  const confirmations = async () => (await mailpit.messages()).filter((m) => m.to.includes(email) && m.subject === 'Confirm your email for Wayfinder');
  await expect.poll(async () => (await confirmations()).length, { timeout: 15_000 }).toBe(2);
  const message = await mailpit.waitForMessage(email, 'Confirm your email');
  const link = confirmationLink.exec(message.text)?.[0];
  expect(link, message.text).toBeTruthy();

  const opened = await page.goto(link!);
  expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('heading', { level: 1, name: 'Your email is confirmed' })).toBeVisible();
  await expectNoAxeViolations(page);
  expect((await (await page.request.get('/api/user/me')).json()).me.emailVerified).toBe(true);

  // A link works once. (Asked without the page, whose console would report the 410 as an error.)
  const again = await page.request.get(link!);
  expect(again.status()).toBe(410);
  expect(await again.text()).toContain('This link doesn&#39;t work any more');

  await page.goto('/account/plan-preview');
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your email to pay' })).toHaveCount(0);
});

test('signing up with an email that has an account looks the same, and emails its owner instead', async ({ page, browser, baseURL, mailpit }) => {
  const email = `owner-${randomBytes(6).toString('hex')}@example.com`;
  const first = await browser.newContext({ baseURL });
  const owner = await first.newPage();
  await submitSignUp(owner, email);
  await expect(owner.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await first.close();

  await submitSignUp(page, email, 'somebody else entirely');
  await expect(page.getByRole('heading', { level: 1, name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(`We've sent a link to confirm ${email}. You can carry on now.`)).toBeVisible();
  const message = await mailpit.waitForMessage(email, 'You already have an account');
  expect(message.text).toContain('/idp/login');
  expect(message.text).toContain('/idp/forgot');

  // Continue leads to signing in: no session was started for whoever typed the address.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to carry on' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(newMemberPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/name-and-birth$/);
});
