import { createHash, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations, signIn, signUp, demoMember, continueAfterSignUp } from './fixtures';

const base64url = (b: Buffer) => b.toString('base64url');

test.describe('signing up and signing in', () => {
  test('a new member signs up from the home page and lands on name-and-birth', async ({ page, context }) => {
    const email = `new-${randomBytes(6).toString('hex')}@example.com`;
    await page.goto('/');
    await page.getByRole('link', { name: 'Get started' }).click();

    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Choose a password').fill('a calm long passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    await continueAfterSignUp(page);

    await expect(page).toHaveURL(/\/name-and-birth$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The browser holds only an opaque, HttpOnly session cookie: no token is readable by the page.
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === '__Host-wayfinder_session');
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    // Where the member came from went to the server with the sign-up, which keeps it with the
    // account (for the campaigns report) and removes the cookie the app wrote at /register.
    expect(cookies.find((c) => c.name === 'origin_register')).toBeUndefined();
    expect(await page.evaluate(() => document.cookie)).not.toContain('wayfinder_session');
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toMatch(/eyJ/);

    const me = await page.request.get('/api/user/me');
    expect(me.status()).toBe(200);
    expect((await me.json()).me).toMatchObject({ email, role: 'member' });
  });

  test('a deep link that needs sign-in returns there, after a wrong password', async ({ page }) => {
    await page.goto('/coach-welcome?utm_source=mail');
    await signIn(page, { ...demoMember, password: 'not the right password' });
    await expect(page.getByText('Wrong email or password')).toBeVisible();
    await expectNoAxeViolations(page);

    await signIn(page);
    await expect(page).toHaveURL(/\/coach-welcome\?utm_source=mail$/);
    await expect(page.getByRole('heading', { name: 'Welcome to Wayfinder' })).toBeVisible();
  });

  test('signing out from the account menu ends the session; signing in again works', async ({ page, baseURL }) => {
    await page.goto('/name-and-birth');
    await signIn(page);
    await expect(page).toHaveURL(/\/name-and-birth/);
    // On the web the account menu signs out; the ff_logout icon is the native shell's (spec §2).
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('group', { name: 'Your account' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    expect((await page.request.get('/api/user/me')).status()).toBe(401);

    // Signing out ended the provider's session too: signing in again asks for the password.
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signIn(page);
    await expect(page).toHaveURL(/\/name-and-birth$/);
    expect((await page.request.get('/api/user/me')).status()).toBe(200);
  });

  test('a refused sign-in shows a kind page with a way to try again', async ({ page }) => {
    await page.goto('/auth/callback?error=access_denied&state=not-a-state-we-made');
    await expect(page).toHaveURL(/\/sign-in-problem\?reason=/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', /\/auth\/login/);
    await expectNoAxeViolations(page);
  });

  test('the API refuses an anonymous caller with a JSON 401', async ({ request }) => {
    const res = await request.get('/api/user/me');
    expect(res.status()).toBe(401);
    expect(res.headers()['content-type']).toBe('application/problem+json');
  });
});

// iosAccessToken signs the demo member in at the provider in page, then runs the iOS app's
// authorization-code flow with PKCE and returns the access token.
async function iosAccessToken(page: Page): Promise<string> {
  await page.goto('/name-and-birth');
  await signIn(page);
  await expect(page).toHaveURL(/\/name-and-birth/);
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash('sha256').update(verifier).digest());
  const redirect = 'wayfinder://auth/callback';
  const authorize = await page.request.get('/idp/authorize', {
    params: {
      client_id: 'wayfinder-ios', response_type: 'code', redirect_uri: redirect, scope: 'openid offline_access',
      state: base64url(randomBytes(12)), nonce: base64url(randomBytes(12)), code_challenge: challenge, code_challenge_method: 'S256',
    },
    maxRedirects: 0,
  });
  expect(authorize.status()).toBe(303);
  const code = new URL(authorize.headers()['location']).searchParams.get('code');
  expect(code).toBeTruthy();
  const token = await page.request.post('/idp/token', {
    form: { grant_type: 'authorization_code', code: code!, redirect_uri: redirect, client_id: 'wayfinder-ios', code_verifier: verifier },
  });
  expect(token.status()).toBe(200);
  const { access_token: accessToken, refresh_token: refreshToken } = await token.json();
  expect(refreshToken).toBeTruthy();
  return accessToken as string;
}

test.describe('the native shell', () => {
  test('a bearer token from the iOS client opens the app without web sign-in and leaves the address bar', async ({ page, browser, baseURL }) => {
    const accessToken = await iosAccessToken(page);

    // A fresh browser with no cookies: the shell passes the token on the first URL.
    const shell = await browser.newContext({ baseURL });
    const shellPage = await shell.newPage();
    const meCalls: string[] = [];
    shellPage.on('request', (r) => {
      if (r.url().endsWith('/api/user/me')) meCalls.push(r.headers()['authorization'] ?? '');
    });
    await shellPage.goto(`/name-and-birth?token=${accessToken}&utm_source=app`);
    await expect(shellPage.getByRole('heading', { level: 1 })).toBeVisible();
    expect(shellPage.url()).not.toContain('token=');
    expect(shellPage.url()).toContain('utm_source=app');
    expect(meCalls.some((h) => h === `Bearer ${accessToken}`)).toBe(true);
    expect(await shellPage.getByRole('heading', { name: 'Welcome back' }).count()).toBe(0);
    await shell.close();
  });

  test('a token link for another account never switches a signed-in member silently', async ({ page, browser, baseURL }) => {
    const demoToken = await iosAccessToken(page);
    const context = await browser.newContext({ baseURL });
    const member = await context.newPage();
    await signUp(member);
    const bearerCalls: string[] = [];
    member.on('request', (r) => {
      if (r.url().includes('/api/') && r.headers()['authorization']) bearerCalls.push(r.url());
    });

    await member.goto(`/name-and-birth?token=${demoToken}`);
    await expect(member.getByRole('heading', { name: 'You’re signed in to another account' })).toBeFocused();
    expect(member.url()).not.toContain('token=');
    await expect(member.getByText(`The link you opened is for ${demoMember.email}`)).toBeVisible();
    await expectNoAxeViolations(member);
    bearerCalls.length = 0; // asking whose the link's token is was the one use of it so far
    await member.getByRole('button', { name: /^Stay as / }).click();
    await expect(member.getByRole('heading', { level: 1 })).not.toHaveText('You’re signed in to another account');
    await expect(member.getByRole('textbox').first()).toBeVisible();
    expect(bearerCalls).toEqual([]); // the member's own session went on, without the link's token

    await member.goto(`/name-and-birth?token=${demoToken}`);
    await member.getByRole('button', { name: `Switch to ${demoMember.email}` }).click();
    await expect(member.getByRole('heading', { level: 1 })).not.toHaveText('You’re signed in to another account');
    await expect.poll(() => bearerCalls.length).toBeGreaterThan(0);
    await context.close();
  });
});

// Runs last in this file, on the same server as the flows above.
test('no password, token or code reaches the server log', ({ server }) => {
  const logs = server.logs();
  expect(logs).toContain('"msg":"request"');
  for (const secret of [demoMember.password, 'not the right password', 'a calm long passphrase']) {
    expect(logs, secret).not.toContain(secret);
  }
  expect(logs).not.toMatch(/eyJ[\w-]+\.eyJ/); // a JWT
  expect(logs).not.toMatch(/[?&](code|token|state)=/);
  expect(logs).not.toMatch(/ory_(ac|rt|at)_/); // the provider's codes and refresh tokens
});
