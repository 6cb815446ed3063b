import { randomBytes } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { startMailpit, type Mailpit } from './mailpit';
import { startServer, type Server } from './server';

// test gives every worker its own running server, and every test a guard that fails the test on
// a console error (a CSP violation, a failed chunk load, a React error). serverArgs are the
// server's flags: a describe block that needs another setting (payment on, say) uses its own, and
// Playwright gives it workers of its own.
export const test = base.extend<{ consoleErrors: string[] }, { server: Server; serverArgs: string[] }>({
  // Demo mode gives every worker a member and a staff account to sign in with.
  serverArgs: [['--demo'], { option: true, scope: 'worker' }],
  server: [
    async ({ serverArgs }, use) => {
      const server = await startServer({ args: serverArgs });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  consoleErrors: [
    async ({ page, baseURL }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' && !expectedFailure(m.text(), m.location().url, baseURL)) errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

// testWithMail runs each worker's server with email on, sent to a Mailpit of the worker's own
// (a real SMTP server whose messages the test reads).
export const testWithMail = test.extend<object, { mailpit: Mailpit }>({
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

// expectedFailure tells the failed responses Chromium logs that are answers by design: a
// signed-out visitor's profile request (401), a sign-in or sign-up form sent back with its
// errors (4xx), requests made while a test has cut the network on purpose, and whatever another
// site's pages load (an external identity provider's sign-in page, which is not ours to test).
// Anything else in the console is a fault.
function expectedFailure(text: string, url: string, baseURL: string | undefined): boolean {
  if (!text.startsWith('Failed to load resource')) return false;
  if (text.includes('net::ERR_INTERNET_DISCONNECTED')) return true;
  if (baseURL && url && new URL(url, baseURL).origin !== new URL(baseURL).origin) return true;
  const path = new URL(url, 'http://x').pathname;
  if (path === '/api/user/me') return text.includes('status of 401');
  return (path === '/idp/login' || path === '/idp/signup') && /status of 4\d\d/.test(text);
}

export const demoMember = { email: 'member@demo.example.com', password: 'demo-member-password' };

// signIn signs in at the embedded provider's page the browser is on.
export async function signIn(page: Page, who: { email: string; password: string } = demoMember) {
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** newMemberPassword is the password of every member signUp creates. */
export const newMemberPassword = 'a calm long passphrase';

/**
 * signUp creates a new member from the landing address (with its campaign values, if any) and
 * returns their email once the app has taken over the first step, which arrives drawn with its
 * controls inert until then.
 */
export async function signUp(page: Page, landing = '/') {
  const email = `member-${randomBytes(6).toString('hex')}@example.com`;
  await page.goto(landing);
  await page.getByRole('link', { name: 'Get started' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Choose a password').fill(newMemberPassword);
  await page.getByRole('button', { name: 'Create account' }).click();
  await continueAfterSignUp(page);
  await expect(page).toHaveURL(/\/name-and-birth$/);
  await appStarted(page);
  return email;
}

/**
 * appStarted waits until the app has taken over the page. A survey step can arrive drawn, heading
 * and all, with its controls inert until then; the colour toggle comes with the app.
 */
export async function appStarted(page: Page) {
  await expect(page.getByRole('button', { name: 'Dark mode' })).toBeVisible();
}

/** onStep waits for the step's address and heading, and for the app to have taken the step over. */
export async function onStep(page: Page, slug: string, title: RegExp) {
  await expect(page).toHaveURL(new RegExp(`/${slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await appStarted(page);
}

/**
 * continueAfterSignUp presses Continue on "Check your inbox", which sign-up shows when the server
 * sends email (a demo prints it); without email, sign-up goes straight on and there is nothing to press.
 */
export async function continueAfterSignUp(page: Page) {
  await page.waitForURL(/\/name-and-birth$|\/idp\/signup$/);
  if (new URL(page.url()).pathname === '/idp/signup') await page.getByRole('button', { name: 'Continue' }).click();
}

// expectNoAxeViolations runs axe on the page at rest, for WCAG 2.2 A and AA and best practice. It
// first lets every finite animation and transition end: text caught halfway through a fade-in (a
// staff notice rising into view) would fail contrast for a moment the reader never sees.
export async function expectNoAxeViolations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary).toEqual([]);
}

type Answer = { key: string; value: string };
type Definition = {
  firstQuestion: string;
  questions: Record<string, { prevStep: string; nextStep: string; required: boolean; answerVariants?: { key: string }[] }>;
};

/**
 * answerSurvey answers, through the API as the app would, the required steps of the survey's main
 * path before until (every one without it), in one save: Sam Rivera, born in 1990, on an iPhone,
 * "None of these" on what-apply-to-you, and the first option elsewhere, unless answers says
 * otherwise for a step. The order of steps is the served definition's.
 */
export async function answerSurvey(page: Page, { until, answers = {} }: { until?: string; answers?: Record<string, Answer[]> } = {}) {
  const definition = (await (await page.request.get('/api/onboarding/definition')).json()) as Definition;
  const { questions } = definition;
  let head = definition.firstQuestion;
  while (questions[head].prevStep) head = questions[head].prevStep;
  const data: { questionSlug: string; answers: Answer[] }[] = [];
  for (let slug = head; slug && slug !== until; slug = questions[slug].nextStep) {
    const q = questions[slug];
    if (!q.required && !answers[slug]) continue;
    data.push({ questionSlug: slug, answers: answers[slug] ?? defaultAnswers(slug, q.answerVariants ?? []) });
  }
  const res = await page.request.put('/api/onboarding/survey', { data: { fromSlug: data.at(-1)?.questionSlug ?? head, data, utm: {} } });
  expect(res.status(), await res.text()).toBe(204);
}

function defaultAnswers(slug: string, variants: { key: string }[]): Answer[] {
  switch (slug) {
    case 'name-and-birth':
      return [
        { key: 'firstName', value: 'Sam' },
        { key: 'lastName', value: 'Rivera' },
        { key: 'dateOfBirth', value: '1990-04-30' },
        { key: 'termsOfService', value: 'true' },
        { key: 'device', value: 'iphone' },
      ];
    case 'what-apply-to-you':
      return [{ key: 'none', value: '' }];
  }
  return [{ key: variants[0].key, value: '' }];
}

/** toPlan signs a new member up from landing, answers the survey, chooses a coach and goes on to the plan. */
export async function toPlan(page: Page, landing = '/') {
  await signUp(page, landing);
  await answerSurvey(page, { answers: { 'what-help-need': [{ key: 'check-ins', value: '' }] } });
  await page.goto('/account/meet-your-coach');
  await page.getByRole('button', { name: /^Choose / }).first().click();
  await expect(page).toHaveURL(/\/testimonials$/);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/account\/plan-recommendation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your plan is ready' })).toBeVisible();
}
