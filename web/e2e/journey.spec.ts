import type { Browser, Page } from '@playwright/test';
import { test, expect, answerSurvey, expectNoAxeViolations, signUp, newMemberPassword as password } from './fixtures';

// The journey's rules end to end: whatever address a member types, nothing past where they have
// reached shows; a safety disclosure keeps them on the crisis page everywhere; a member who has
// finished comes back to the done step. The server refuses the same calls (internal/httpapi's
// journey tests); here the member's side is checked in the browser.

/** signInElsewhere signs the member in on a second browser, at name-and-birth as sign-in lands. */
async function signInElsewhere(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const other = await browser.newContext({ baseURL });
  const page = await other.newPage();
  await page.goto('/name-and-birth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}

test.describe('the journey', () => {
  test('a fresh member who types a later address is taken to the first step they need', async ({ page }) => {
    await signUp(page);

    await page.goto('/account/meet-your-coach');
    await expect(page).toHaveURL(/\/name-and-birth$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Nice to meet you' })).toBeVisible();
    for (const address of ['/fidget', '/account', '/account/plan-recommendation', '/thank-you-page']) {
      await page.goto(address);
      await expect(page, address).toHaveURL(/\/name-and-birth$/);
    }
    // The server says the same.
    const list = await page.request.get('/api/chat/list_coaches');
    expect(list.status()).toBe(409);
    expect((await list.json()).detail).toContain('start with your name and date of birth');

    // With the first steps answered, a later address leads to the first open one, and the
    // progress header marks nothing done that is not.
    await answerSurvey(page, { until: 'live-state' });
    await page.goto('/pre-account');
    await expect(page).toHaveURL(/\/live-state$/);
    const progress = page.getByRole('navigation', { name: 'Your progress' });
    await expect(progress.getByText('(done)')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('“None of these” stands alone, in the page and at the server', async ({ page }) => {
    await signUp(page);
    await answerSurvey(page, { until: 'what-apply-to-you' });
    await page.goto('/what-apply-to-you');
    await page.getByRole('checkbox', { name: 'Anxiety' }).check();
    await page.getByRole('checkbox', { name: 'None of these' }).check();
    await expect(page.getByRole('checkbox', { name: 'Anxiety' })).not.toBeChecked();
    await expect(page.getByText('We unticked your other answers, since you chose “None of these”.')).toBeVisible();
    await expectNoAxeViolations(page);

    const both = await page.request.put('/api/onboarding/survey', {
      data: {
        fromSlug: 'what-apply-to-you',
        data: [{ questionSlug: 'what-apply-to-you', answers: [{ key: 'anxiety', value: '' }, { key: 'none', value: '' }] }],
        utm: {},
      },
    });
    expect(both.status()).toBe(400);
    expect(JSON.stringify(await both.json())).toContain('data[0].answers');
  });

  test('a member who told us of thoughts of self-harm stays on the crisis page: back, reload, another browser', async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = await signUp(page);
    // A member touches every page they pass through. Chromium's back button skips a page nobody
    // touched, so without this the walk back would leave the app for the sign-up form.
    await page.getByRole('heading', { level: 1 }).click();
    await answerSurvey(page, { until: 'what-apply-to-you' });
    await page.goto('/what-apply-to-you');
    await page.getByRole('checkbox', { name: /hurting myself/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/we-are-sorry-no-go$/);
    await expect(page.getByRole('link', { name: /Call 988/ })).toBeVisible();

    // Going back lands on the crisis page again, however far back.
    await page.goBack();
    await expect(page).toHaveURL(/\/we-are-sorry-no-go$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/we-are-sorry-no-go$/);
    await expect(page.getByRole('link', { name: /Call 988/ })).toBeVisible();

    // The disclosure is saved: a reload, a typed address and the home page's way back in all end there.
    await expect.poll(async () => (await (await page.request.get('/api/onboarding/survey')).json()).safetyHold).toBe(true);
    await page.reload();
    await expect(page.getByRole('link', { name: /Call 988/ })).toBeVisible();
    for (const address of ['/how-you-identify', '/what-apply-to-you', '/account/meet-your-coach', '/account']) {
      await page.goto(address);
      await expect(page, address).toHaveURL(/\/we-are-sorry-no-go$/);
    }

    // Changing the answer through the API changes nothing: the disclosure is kept apart.
    await answerSurvey(page, { answers: { 'what-apply-to-you': [{ key: 'none', value: '' }] } });
    const choose = await page.request.put('/api/chat/me_switch_coach', { data: { coachId: 'lena' } });
    expect(choose.status()).toBe(409);
    expect((await choose.json()).detail).toContain('988');

    // Another browser: signing in lands on the crisis page too.
    const second = await signInElsewhere(browser, baseURL!, email);
    await expect(second).toHaveURL(/\/we-are-sorry-no-go$/);
    await expect(second.getByRole('link', { name: /Call 988/ })).toBeVisible();
    await expectNoAxeViolations(second);
    await second.context().close();
  });

  test('a member who chose a coach and comes back sees the done step, not the chooser', async ({ page, browser, baseURL }) => {
    const email = await signUp(page);
    await answerSurvey(page);
    expect((await page.request.put('/api/chat/me_switch_coach', { data: { coachId: 'maya' } })).status()).toBe(200);
    expect((await (await page.request.get('/api/onboarding/survey')).json()).resumeAt).toBe('thank-you-page');

    const second = await signInElsewhere(browser, baseURL!, email);
    await expect(second).toHaveURL(/\/account\/download-app$/);
    await expect(second.getByRole('heading', { level: 1, name: 'You’re all set, Sam!' })).toBeVisible();
    await expect(second.getByText('Maya Reyes')).toBeVisible();
    await expect(second.getByText('Sign in with the same email you used here. Maya will say hello.')).toBeVisible();
    await expectNoAxeViolations(second);

    await second.goto('/account');
    await expect(second).toHaveURL(/\/account\/download-app$/);
    // The chooser is still there to switch, by the quiet link.
    await second.getByRole('link', { name: 'Choose a different coach' }).click();
    await expect(second).toHaveURL(/\/account\/meet-your-coach$/);
    await expect(second.getByRole('article', { name: 'Maya Reyes' }).getByText('Your coach')).toBeVisible();
    await second.context().close();
  });
});
