import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { answerSurvey, expect, expectNoAxeViolations, newMemberPassword, signUp, test } from './fixtures';

// The member's own controls on a phone and a desktop: the step's actions within reach, the account
// menu (sign-out, their data, deleting their account) and the colour scheme.

async function fillNameAndBirth(page: Page) {
  await page.getByRole('textbox', { name: 'First name' }).fill('Sam');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Rivera');
  await page.getByRole('combobox', { name: 'Month' }).selectOption('April');
  await page.getByRole('combobox', { name: 'Day' }).selectOption('30');
  await page.getByRole('combobox', { name: 'Year' }).selectOption('1990');
  await page.getByRole('radio', { name: 'iPhone' }).check();
  await page.getByRole('checkbox', { name: /I agree to the terms/ }).check();
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account' }).click();
  return page.getByRole('group', { name: 'Your account' });
}

// Every step of the member's walk, at each screen size, shows its Next button without scrolling.
const sizes = [
  { name: '375×667', width: 375, height: 667, project: 'phone' },
  { name: '375×812', width: 375, height: 812, project: 'phone' },
  { name: '1280×800', width: 1280, height: 800, project: 'desktop' },
];
for (const size of sizes) {
  test(`Next is in reach without scrolling on every step of the walk at ${size.name}`, async ({ page }, info) => {
    test.skip(info.project.name !== size.project, `${size.name} is a ${size.project} size`);
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signUp(page);
    await fillNameAndBirth(page);
    // Next, or the step's own label for it ("Let's go"): the step's submit button.
    const next = page.locator('main form button[type="submit"]');
    await expect(next).toBeInViewport({ ratio: 1 });
    await next.click();
    for (;;) {
      await expect(page.locator('h1')).toBeVisible();
      const slug = new URL(page.url()).pathname.slice(1);
      if (slug === 'score-screen') break;
      await expect(next, slug).toBeInViewport({ ratio: 1 });
      if (slug === 'what-apply-to-you') await page.getByRole('checkbox', { name: 'None of these' }).check();
      else if ((await page.getByRole('radio').count()) > 0) await page.getByRole('radio').first().check();
      else if ((await page.getByRole('checkbox').count()) > 0) await page.getByRole('checkbox').first().check();
      else if ((await page.getByRole('combobox').count()) > 0) await page.getByRole('combobox').first().selectOption({ index: 1 });
      await next.click();
      await expect(page).not.toHaveURL(new RegExp(`/${slug}$`));
    }
    // The questionnaire was named and counted on the way, and "Saved" never showed unasked.
    await expect(page.getByText('Saved', { exact: true })).toHaveCount(0);
  });
}

test('the progress header names the ADHD questionnaire and counts its questions', async ({ page }) => {
  await signUp(page);
  await answerSurvey(page, { until: 'trouble-order' });
  await page.goto('/trouble-order');
  const current = page.getByRole('navigation', { name: 'Your progress' }).locator('[aria-current="step"]');
  await expect(current).toHaveText(/Personalizing your care, ADHD questionnaire · 2 of 6/);
  await page.getByRole('radio', { name: 'Often', exact: true }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(current).toHaveText(/ADHD questionnaire · 3 of 6/);
  await expectNoAxeViolations(page);
});

test('a member signs out from the account menu', async ({ page }) => {
  await signUp(page);
  const menu = await openAccountMenu(page);
  await expect(menu.getByText(/@example\.com$/)).toBeVisible();
  await expectNoAxeViolations(page);

  await menu.getByRole('button', { name: 'Sign out' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Get started' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account' })).toHaveCount(0);
  expect((await page.request.get('/api/user/me')).status()).toBe(401);
});

test('a member downloads their data, and it holds what they answered', async ({ page }) => {
  await signUp(page, '/?utm_source=newsletter&utm_campaign=spring');
  await fillNameAndBirth(page);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\/live-state$/);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'saved');

  const menu = await openAccountMenu(page);
  const downloading = page.waitForEvent('download');
  await menu.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^[\w-]+-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  await expect(menu.getByText('Your data is downloading as a file.')).toBeVisible();

  type Exported = {
    profile: { email: string; firstName: string; lastName: string; dateOfBirth: string };
    answers: { questionSlug: string; answers: { key: string; value: string }[]; answeredAt: string }[];
    utm: { first: { utm_source: string; utm_campaign: string } } | null;
    consents: { name: string; given: boolean }[];
  };
  const data = JSON.parse(await readFile((await download.path()), 'utf8')) as Exported;
  expect(data.profile).toMatchObject({ firstName: 'Sam', lastName: 'Rivera', dateOfBirth: '1990-04-30' });
  const identify = data.answers.find((a) => a.questionSlug === 'how-you-identify');
  expect(identify?.answers.map((a) => a.key)).toEqual(['female']);
  expect(Date.parse(identify!.answeredAt)).not.toBeNaN();
  expect(data.utm?.first).toMatchObject({ utm_source: 'newsletter', utm_campaign: 'spring' });
  expect(data.consents).toContainEqual(expect.objectContaining({ name: 'termsOfService', given: true }));
});

test('a member deletes their account: a kind goodbye, then their sign-in and session are gone', async ({ page }) => {
  const email = await signUp(page);
  await fillNameAndBirth(page);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\/how-you-identify$/);

  const menu = await openAccountMenu(page);
  await menu.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByRole('button', { name: 'Keep my account' })).toBeFocused();
  await expectNoAxeViolations(page);
  // Escape keeps everything.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await page.request.get('/api/user/me')).status()).toBe(200);

  await (await openAccountMenu(page)).getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByRole('button', { name: 'Yes, delete my account' }).click();

  await expect(page).toHaveURL(/\/goodbye$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is deleted' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect((await page.request.get('/api/user/me')).status()).toBe(401);

  // The old password no longer signs in.
  await page.goto('/auth/login?returnTo=/name-and-birth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(newMemberPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Wrong email or password')).toBeVisible();
  await expect(page).not.toHaveURL(/\/name-and-birth$/);
});

test('the colour scheme is light by default, and a member’s choice of dark stays', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveAttribute('data-color-scheme', 'dark');
  const toggle = page.getByRole('button', { name: 'Dark mode' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');

  await toggle.click();
  await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
  await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Dark mode' }).click();
  await page.reload();
  await expect(page.locator('html')).not.toHaveAttribute('data-color-scheme', 'dark');
});

test('the Not Found page leads home', async ({ page }) => {
  await page.goto('/no-such-page');
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Get started' })).toBeVisible();
});

test('a 503 from the API reaches the member as plain words with a reference, and Try again recovers', async ({ page, consoleErrors }) => {
  await signUp(page);
  await answerSurvey(page);
  // The server answers, then the balancer in front of it turns every answer into a 503: the member
  // meets the server's own request id, as support would find it in the log.
  const ids: string[] = [];
  await page.route('**/api/chat/list_coaches', async (route) => {
    const real = await route.fetch();
    ids.push(real.headers()['x-request-id'] ?? '');
    await route.fulfill({ response: real, status: 503, body: JSON.stringify({ title: 'Service Unavailable', status: 503 }) });
  });
  await page.goto('/account/meet-your-coach');

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The problem is on our side, not yours. Please try again in a minute.', { timeout: 15_000 });
  const reference = ids.at(-1)!.slice(0, 8);
  expect(reference).toMatch(/^[0-9a-z]{8}$/i);
  await expect(alert).toContainText(`Reference: ${reference}`);
  await expect(page.locator('main')).not.toContainText(/status code|503|Service Unavailable/);
  await expectNoAxeViolations(page);

  await page.unroute('**/api/chat/list_coaches');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your coach' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  // Chromium logs each 503 the test made; those, and only those, were expected.
  const made = consoleErrors.filter((e) => e.includes('status of 503'));
  expect(made.length).toBeGreaterThan(0);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !made.includes(e)));
});
