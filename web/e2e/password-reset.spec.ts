import { testWithMail, expect, expectNoAxeViolations, signIn, signUp, newMemberPassword } from './fixtures';

const test = testWithMail;

const resetLink = /https?:\/\/\S+\/idp\/reset\?token=[\w-]+/;
const freshPassword = 'a brand new quiet passphrase';

test('a member who forgot their password resets it by email and is signed out everywhere else', async ({ page, browser, baseURL, mailpit, server }) => {
  // Somewhere else, the member signed up and is still signed in.
  const elsewhere = await browser.newContext({ baseURL });
  const other = await elsewhere.newPage();
  const email = await signUp(other);
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
