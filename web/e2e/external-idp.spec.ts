import { createHash, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { answerSurvey, test as base, expect, expectNoAxeViolations } from './fixtures';
import { freePort, rolesClaim, startExternalProvider, type ExternalProvider } from './external-provider';
import { startServer } from './server';

// Wayfinder with an external OpenID provider: panva's oidc-provider, certified and written by
// nobody here, stands in for Auth0 or Keycloak. Sign-up, sign-in, the staff role from the roles
// claim, bearer tokens for the app's API and sign-out all go through it, in the browser.

const staffEmail = 'coach-lead@example.com';

const test = base.extend<object, { provider: ExternalProvider & { appPort: number } }>({
  provider: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none.
    async ({}, use) => {
      // The app's address is registered at the provider before either starts.
      const appPort = await freePort();
      const provider = await startExternalProvider({ appOrigin: `http://127.0.0.1:${appPort}`, roles: { [staffEmail]: ['staff'] } });
      await use({ ...provider, appPort });
      await provider.stop();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ provider }, use) => {
      const port = provider.appPort;
      const server = await startServer({
        args: [
          '--listen', `127.0.0.1:${port}`,
          '--oidc-issuer', provider.issuer,
          '--oidc-client-id', provider.clientId,
          '--oidc-audience', provider.audience,
          '--oidc-roles-claim', rolesClaim,
        ],
        env: { WAYFINDER_OIDC_CLIENT_SECRET: provider.clientSecret },
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

// signInAtProvider fills oidc-provider's own development login page, and its consent page when
// it asks for one, and waits until the browser is back from the provider.
async function signInAtProvider(page: Page, provider: ExternalProvider, email: string) {
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('any password works here');
  await page.locator('button[type="submit"]').click();
  const consent = page.getByRole('button', { name: 'Continue' });
  const back = (url: URL) => !url.href.startsWith(provider.issuer);
  await Promise.race([page.waitForURL(back), consent.waitFor()]);
  if (!back(new URL(page.url()))) {
    await consent.click();
    await page.waitForURL(back);
  }
}

test('a new member signs up at the external provider, answers the first step, and signs out', async ({ page, provider, server }) => {
  const email = `new-${randomBytes(4).toString('hex')}@example.com`;
  await page.goto('/');
  await page.getByRole('link', { name: 'Get started' }).click();
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/`));
  await signInAtProvider(page, provider, email);

  await expect(page).toHaveURL(/\/name-and-birth$/);
  await expect(page.getByRole('heading', { name: 'Nice to meet you' })).toBeVisible();
  await expectNoAxeViolations(page);
  await answerSurvey(page, { until: 'how-you-identify' });
  await page.goto('/how-you-identify');
  await expect(page.getByRole('heading', { name: 'How do you identify, Sam?' })).toBeVisible();

  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  // The provider ends its own session too (RP-initiated logout), after asking, then sends the
  // member home.
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/session/end`));
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  expect((await page.request.get('/api/user/me')).status()).toBe(401);
});

test('a staff member signs in and lands in the staff app', async ({ page, provider }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInAtProvider(page, provider, staffEmail);
  await expect(page).toHaveURL(/\/staff/);
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
});

test('an app signs in with the provider and calls the API with a bearer token', async ({ page, provider, server }) => {
  // As the iOS app would: an authorization request with PKCE, the code exchanged for tokens at the
  // provider, and the access token sent to the API.
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${server.url}/auth/callback`;
  const authorize = new URL(`${provider.issuer}/auth`);
  authorize.search = new URLSearchParams({
    client_id: provider.clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'app-state',
  }).toString();
  // The provider sends the browser back with the code; the test takes it from that request, as
  // the app would from its redirect, before the website's own callback sees it.
  const callback = page.waitForRequest((request) => request.url().startsWith(`${redirectUri}?`));
  await page.goto(authorize.toString());
  await signInAtProvider(page, provider, `app-${randomBytes(4).toString('hex')}@example.com`);
  const code = new URL((await callback).url()).searchParams.get('code') ?? '';
  expect(code).not.toBe('');

  const token = await page.request.post(`${provider.issuer}/token`, {
    form: { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier },
    headers: { Authorization: `Basic ${Buffer.from(`${provider.clientId}:${provider.clientSecret}`).toString('base64')}` },
  });
  expect(token.status()).toBe(200);
  const { access_token: accessToken } = (await token.json()) as { access_token: string };

  const me = await page.request.get(`${server.url}/api/user/me`, { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(me.status()).toBe(200);
  const forged = await page.request.get(`${server.url}/api/user/me`, { headers: { Authorization: `Bearer ${accessToken.slice(0, -4)}AAAA` } });
  expect(forged.status()).toBe(401);
});
