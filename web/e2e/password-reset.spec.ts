import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test as base, expect, expectNoAxeViolations, signIn, newMemberPassword } from './fixtures';
import { startMailpit, type Mailpit } from './mailpit';
import { startServer } from './server';

// test runs each worker's server with email on, sent to a Mailpit of the worker's own.
const test = base.extend<object, { mailpit: Mailpit }>({
  mailpit: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none.
    async ({}, use) => {
      const mailpit = await startMailpit();
      await use(mailpit);
      await mailpit.stop();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ serverArgs, mailpit }, use) => {
      const server = await startServer({
        args: serverArgs,
        env: { WAYFINDER_SMTP_URL: mailpit.smtpURL, WAYFINDER_MAIL_FROM: 'Wayfinder <hello@example.com>' },
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

// signUpWithEmailOn signs a new member up from the home page, as fixtures' signUp does. With email
// on, sign-up may first say that a confirmation link is on its way (the answer to the form's post,
// at /idp/signup); Continue carries on.
async function signUpWithEmailOn(page: Page): Promise<string> {
  const email = `member-${randomBytes(6).toString('hex')}@example.com`;
  await page.goto('/');
  await page.getByRole('link', { name: 'Get started' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Choose a password').fill(newMemberPassword);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/name-and-birth$|\/idp\/signup$/);
  if (new URL(page.url()).pathname === '/idp/signup') await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/name-and-birth$/);
  return email;
}

const resetLink = /https?:\/\/\S+\/idp\/reset\?token=[\w-]+/;
const freshPassword = 'a brand new quiet passphrase';

test('a member who forgot their password resets it by email and is signed out everywhere else', async ({ page, browser, baseURL, mailpit, server }) => {
  // Somewhere else, the member signed up and is still signed in.
  const elsewhere = await browser.newContext({ baseURL });
  const other = await elsewhere.newPage();
  const email = await signUpWithEmailOn(other);
  expect((await other.request.get('/api/user/me')).status()).toBe(200);

  // Here, sign-in asks for the password, which they have forgotten.
  await page.goto('/name-and-birth');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/idp\/forgot\?flow=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(`If there's an account for ${email}`)).toBeVisible();
  await expectNoAxeViolations(page);

  const message = await mailpit.waitForMessage(email, 'Reset your');
  const link = resetLink.exec(message.text)?.[0];
  expect(link, message.text).toBeTruthy();
  const token = new URL(link!).searchParams.get('token')!;

  const opened = await page.goto(link!);
  expect(opened?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('New password').fill(freshPassword);
  await page.getByRole('button', { name: 'Save my new password' }).click();

  // Signed in here at once, in the app.
  await expect(page).toHaveURL(/\/name-and-birth$/);
  expect((await page.request.get('/api/user/me')).status()).toBe(200);

  // The other browser is signed out: the API refuses it, and a page asks it to sign in.
  expect((await other.request.get('/api/user/me')).status()).toBe(401);

  // The link worked once: opened again there, it offers a new one.
  expect((await other.goto(link!))?.status()).toBe(410);
  await expect(other.getByRole('heading', { level: 1, name: "This link doesn't work any more" })).toBeVisible();
  await expect(other.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/idp/forgot');

  await other.goto('/name-and-birth');
  await expect(other.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

  // There, the old password is refused and the new one works.
  await signIn(other, { email, password: newMemberPassword });
  await expect(other.getByText('Wrong email or password')).toBeVisible();
  await signIn(other, { email, password: freshPassword });
  await expect(other).toHaveURL(/\/name-and-birth$/);
  expect((await other.request.get('/api/user/me')).status()).toBe(200);
  await elsewhere.close();

  // Neither the link nor the address reaches the server's log.
  expect(server.logs()).not.toContain(token);
  expect(server.logs()).not.toContain(email);
});
