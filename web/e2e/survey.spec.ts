import type { Page } from '@playwright/test';
import { test, expect, answerSurvey, expectNoAxeViolations, onStep, signUp, newMemberPassword as password } from './fixtures';

// The survey end to end against the real binary. Every test signs up a member of its own, so the
// answers one test gives never meet another's.


async function next(page: Page, label = 'Next') {
  await page.getByRole('button', { name: label }).click();
}

async function fillNameAndBirth(page: Page, { year = '1990', device = 'iPhone' } = {}) {
  await onStep(page, 'name-and-birth', /Nice to meet you/);
  await page.getByRole('textbox', { name: 'First name' }).fill('Sam');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Rivera');
  await page.getByRole('combobox', { name: 'Month' }).selectOption('April');
  await page.getByRole('combobox', { name: 'Day' }).selectOption('30');
  await page.getByRole('combobox', { name: 'Year' }).selectOption(year);
  await page.getByRole('radio', { name: device }).check();
  await page.getByRole('checkbox', { name: /I agree to the terms/ }).check();
}

type SavedAnswers = { questionSlug: string; answers: { key: string; value: string }[] };
type SurveyState = { answers: SavedAnswers[]; resumeAt: string; score: number | null; highLikelihood: boolean };

/** savedState reads the member's answers as the server has stored them. */
async function savedState(page: Page): Promise<SurveyState> {
  const res = await page.request.get('/api/onboarding/survey');
  expect(res.status()).toBe(200);
  return (await res.json()) as SurveyState;
}

function keysOf(state: SurveyState, slug: string) {
  return state.answers.find((a) => a.questionSlug === slug)?.answers.map((a) => a.key);
}

test.describe('the guided survey', () => {
  test('a step opened by its address paints from the page alone: no request for the profile, answers or definition', async ({ page, browser }) => {
    await signUp(page);
    // Sign-in has just landed the member on the first step: the device now knows they are signed in.
    expect(await page.evaluate(() => localStorage.getItem('wayfinder.signedIn'))).toBe('1');
    await fillNameAndBirth(page);
    await next(page);
    await onStep(page, 'how-you-identify', /How do you identify, Sam\?/);

    // A cold load of the step in a fresh browser with only the session cookie.
    const cold = await browser.newContext({ storageState: { cookies: await page.context().cookies(), origins: [] } });
    const fresh = await cold.newPage();
    const asked: string[] = [];
    fresh.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (path.startsWith('/api/')) asked.push(path);
    });
    const res = await fresh.goto('/how-you-identify');
    expect(res?.headers()['cache-control']).toBe('private, no-store');
    await onStep(fresh, 'how-you-identify', /How do you identify, Sam\?/);
    await expect(fresh.getByRole('radio', { name: 'Prefer not to say' })).toBeVisible();
    expect(asked).toEqual([]);
    // The page's data stays the page's: it is not left in the document for anything else to read.
    expect(await fresh.evaluate(() => document.getElementById('initial-data'))).toBeNull();
    expect(await fresh.evaluate(() => localStorage.getItem('wayfinder.signedIn'))).toBe('1');
    await cold.close();
  });

  test('a member answers the whole survey, prior coaching branch included, with axe on every step', async ({ page }) => {
    test.setTimeout(240_000);
    await signUp(page, '/?utm_source=newsletter&utm_campaign=spring&utm_evil=1');
    const sentUtm: unknown[] = [];
    page.on('request', (req) => {
      if (req.method() === 'PUT' && req.url().endsWith('/api/onboarding/survey')) sentUtm.push(req.postDataJSON().utm);
    });

    await fillNameAndBirth(page);
    await expectNoAxeViolations(page);
    await next(page);

    await onStep(page, 'how-you-identify', /How do you identify, Sam\?/);
    await expect(page.getByRole('navigation', { name: 'Your progress' }).getByRole('listitem').first()).toHaveAttribute('aria-current', 'step');
    await expectNoAxeViolations(page);
    await page.getByRole('radio', { name: 'Prefer not to say' }).check();
    await next(page);

    await onStep(page, 'live-state', /Which state do you live in/);
    await expectNoAxeViolations(page);
    await expect(page.getByRole('combobox', { name: 'State' }).locator('option')).toHaveCount(52);
    await page.getByRole('combobox', { name: 'State' }).selectOption('CO');
    await next(page);

    await onStep(page, 'whats-your-motivation', /What brings you here/);
    await expectNoAxeViolations(page);
    await page.getByRole('checkbox').first().check();
    await next(page);

    await onStep(page, 'did-you-know-currently-diagnosed', /Did you know/);
    await expect(page.locator('main img')).toHaveAttribute('alt', '');
    await expectNoAxeViolations(page);
    await next(page);

    await onStep(page, 'have-you-experienced-adhd', /worked with an ADHD coach before/);
    await expectNoAxeViolations(page);
    await page.getByRole('radio', { name: 'Yes' }).check();
    await next(page);

    // The prior-coaching branch.
    await onStep(page, 'how-would-you-like-agave', /Good to know, Sam/);
    await expectNoAxeViolations(page);
    await next(page);

    await onStep(page, 'process-personalize', /personalize your care/);
    // The first named step is done now, and shows it.
    await expect(page.getByRole('navigation', { name: 'Your progress' }).getByRole('listitem').first()).toContainText('(done)');
    await expectNoAxeViolations(page);
    await next(page);

    await onStep(page, 'discribe-diagnosis', /Which fits you best/);
    await expectNoAxeViolations(page);
    await page.getByRole('radio').first().check();
    await next(page);

    await onStep(page, 'rate-affect-life', /get in the way of your day/);
    await expectNoAxeViolations(page);
    await page.getByRole('radio', { name: 'Often', exact: true }).check();
    await next(page);

    await onStep(page, 'how-manage-adhd', /manage your ADHD today/);
    await expectNoAxeViolations(page);
    await page.getByRole('checkbox').first().check();
    await next(page);

    await onStep(page, 'did-you-know-cbt', /Did you know/);
    await expectNoAxeViolations(page);
    await next(page);

    await onStep(page, 'your-challenge-is', /hardest for you right now/);
    const challenges = page.getByRole('checkbox');
    for (let i = 0; i < 3; i++) await challenges.nth(i).check();
    await expect(page.getByText('3 of 3 chosen')).toBeVisible();
    await challenges.nth(3).click();
    await expect(challenges.nth(3)).not.toBeChecked();
    await expectNoAxeViolations(page);
    await next(page);

    await onStep(page, 'what-apply-to-you', /apply to you/);
    await expectNoAxeViolations(page);
    await page.getByRole('checkbox', { name: 'None of these' }).check();
    await next(page);

    await onStep(page, 'lets-better-understand-prompt', /better understand your ADHD/);
    await expectNoAxeViolations(page);
    await next(page, 'Start');

    // The six ASRS v1.1 Part A items: four at their threshold, two under it, so the score is 4/6.
    const asrs: [string, string][] = [
      ['how-often-trouble-wrapping', 'Sometimes'],
      ['trouble-order', 'Often'],
      ['trouble-appointment', 'Rarely'],
      ['trouble-thought', 'Very often'],
      ['fidget', 'Sometimes'],
      ['overly-active-motor', 'Often'],
    ];
    for (const [slug, answer] of asrs) {
      await expect(page).toHaveURL(new RegExp(`/${slug}$`));
      await expect(page.getByText(/ASRS v1.1/)).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('radio', { name: answer, exact: true }).check();
      await next(page);
    }

    await onStep(page, 'score-screen', /You scored 4\/6/);
    await expect(page.getByText('You are in the right place!')).toBeVisible();
    await expectNoAxeViolations(page);
    await next(page);

    await onStep(page, 'progress-coach', /match you with a coach/);
    await expectNoAxeViolations(page);
    await next(page);

    await onStep(page, 'what-help-need', /like your coach to help/);
    await expectNoAxeViolations(page);
    await page.getByRole('checkbox').first().check();
    await next(page);

    await onStep(page, 'pre-account', /almost there, Sam/);
    await expectNoAxeViolations(page);
    await next(page);

    await onStep(page, 'account', /Are these details right/);
    // Colorado keeps Mountain time; the member's state sets the default.
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Denver');
    await page.getByRole('textbox', { name: /Phone number/ }).fill('call me');
    await next(page);
    await expect(page.getByText(/Please give a phone number/)).toBeVisible();
    await page.getByRole('textbox', { name: /Phone number/ }).fill('+1 555 010 0199');
    await expectNoAxeViolations(page);
    await next(page);

    // The coach chooser lives in the account area; with the details confirmed, /account shows it too.
    await expect(page).toHaveURL(/\/account\/meet-your-coach$/);
    // The chooser opens as soon as Next is pressed, with the step's save still on its way; a whole
    // new page load waits for it to land, or it would go back to the step.
    await expect.poll(async () => keysOf(await savedState(page), 'account')).toEqual(['email', 'phone', 'timeZone']);
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your coach' })).toBeVisible();

    const state = await savedState(page);
    expect(state.score).toBe(4);
    expect(state.highLikelihood).toBe(true);
    expect(keysOf(state, 'have-you-experienced-adhd')).toEqual(['yes']);
    expect(keysOf(state, 'live-state')).toEqual(['CO']);
    expect(keysOf(state, 'your-challenge-is')).toHaveLength(3);
    expect(state.answers.find((a) => a.questionSlug === 'account')?.answers).toEqual([
      { key: 'email', value: expect.stringMatching(/@example\.com$/) as unknown as string },
      { key: 'phone', value: '+1 555 010 0199' },
      { key: 'timeZone', value: 'America/Denver' },
    ]);
    // The campaign of the landing address went with every save, and only its known keys.
    expect(sentUtm.length).toBeGreaterThan(20);
    for (const utm of sentUtm) expect(utm).toEqual({ utm_source: 'newsletter', utm_campaign: 'spring' });
  });

  test('without prior coaching the survey goes straight on to personalizing', async ({ page }) => {
    await signUp(page);
    await answerSurvey(page, { until: 'have-you-experienced-adhd' });
    await page.goto('/have-you-experienced-adhd');
    await onStep(page, 'have-you-experienced-adhd', /worked with an ADHD coach before/);
    await page.getByRole('radio', { name: 'No' }).check();
    await next(page);
    await onStep(page, 'process-personalize', /personalize your care/);
  });

  test('the self-harm answer shows crisis resources at once, even with the network cut', async ({ page, context }) => {
    await signUp(page);
    await answerSurvey(page, { until: 'what-apply-to-you' });
    await page.goto('/what-apply-to-you');
    await onStep(page, 'what-apply-to-you', /apply to you/);
    await page.getByRole('checkbox', { name: /hurting myself/ }).check();

    await context.setOffline(true);
    await next(page);
    await expect(page).toHaveURL(/\/we-are-sorry-no-go$/);
    await expect(page.getByRole('link', { name: /Call 988/ })).toHaveAttribute('href', 'tel:988');
    await expect(page.getByRole('link', { name: /Text 988/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Call 911/ })).toHaveAttribute('href', 'tel:911');
    await expectNoAxeViolations(page);

    // Back online, the answer arrives, and the member resumes at the crisis page on any device.
    await context.setOffline(false);
    await expect.poll(async () => keysOf(await savedState(page), 'what-apply-to-you')).toEqual(['self-harm']);
    expect((await savedState(page)).resumeAt).toBe('we-are-sorry-no-go');
  });

  test('someone under 18 is told kindly and cannot go on', async ({ page }) => {
    await signUp(page);
    const youngest = String(new Date().getUTCFullYear() - 18);
    await fillNameAndBirth(page, { year: youngest });
    // A birthday later this year than today makes the youngest year offered still 17.
    const today = new Date();
    const later = new Date(Date.UTC(today.getUTCFullYear(), 11, 31));
    if (later.getTime() - today.getTime() > 24 * 3600 * 1000) {
      await page.getByRole('combobox', { name: 'Month' }).selectOption('December');
      await page.getByRole('combobox', { name: 'Day' }).selectOption('31');
      await next(page);
      await expect(page.getByRole('heading', { level: 2, name: 'Thank you for telling us' })).toBeFocused();
      await expect(page.getByRole('link', { name: 'Call 988' })).toBeVisible();
      await expectNoAxeViolations(page);
      await expect(page).toHaveURL(/\/name-and-birth$/);
    }
    // The server refuses an under-18 date too, whatever the page does.
    const res = await page.request.put('/api/onboarding/survey', {
      data: {
        fromSlug: 'name-and-birth',
        data: [
          {
            questionSlug: 'name-and-birth',
            answers: [
              { key: 'firstName', value: 'Sam' },
              { key: 'lastName', value: 'Rivera' },
              { key: 'dateOfBirth', value: `${today.getUTCFullYear() - 10}-01-01` },
              { key: 'termsOfService', value: 'true' },
            ],
          },
        ],
        utm: {},
      },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(res.status()).toBe(400);
    expect(keysOf(await savedState(page), 'name-and-birth')).toBeUndefined();
  });

  test('an Android phone leads to ios-only, with a way back to change it', async ({ page }) => {
    await signUp(page);
    await fillNameAndBirth(page, { device: 'Android' });
    await next(page);
    await onStep(page, 'ios-only', /Our app is for iPhone/);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Change my answer' }).click();
    await onStep(page, 'name-and-birth', /Nice to meet you/);
    await expect(page.getByRole('radio', { name: 'Android' })).toBeChecked();
  });

  test('a reload mid-survey and a fresh browser both resume at the right step', async ({ page, browser }) => {
    const email = await signUp(page);
    await fillNameAndBirth(page);
    await next(page);
    await onStep(page, 'how-you-identify', /How do you identify/);
    await page.getByRole('radio', { name: 'Female' }).check();
    await next(page);
    await onStep(page, 'live-state', /Which state/);
    await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'saved');

    await page.reload();
    await onStep(page, 'live-state', /Which state/);
    await page.goto('/how-you-identify');
    await expect(page.getByRole('radio', { name: 'Female' })).toBeChecked();

    // Another device: signing in lands on name-and-birth, which takes the member on.
    const other = await browser.newContext();
    const second = await other.newPage();
    await second.goto('/name-and-birth');
    await second.getByLabel('Email').fill(email);
    await second.getByLabel('Password').fill(password);
    await second.getByRole('button', { name: 'Sign in' }).click();
    await onStep(second, 'live-state', /Which state/);
    await other.close();
  });

  test('an answer given while the network is down arrives when it returns', async ({ page, context }) => {
    await signUp(page);
    await answerSurvey(page, { until: 'how-you-identify' });
    await page.goto('/how-you-identify');
    await onStep(page, 'how-you-identify', /How do you identify/);
    // As a member reads the question, the code of the steps that may follow arrives.
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await page.getByRole('radio', { name: 'Male', exact: true }).check();
    await next(page);
    await onStep(page, 'live-state', /Which state/);
    await expect(page.getByText('Not saved yet – retrying')).toBeVisible({ timeout: 10_000 });

    await context.setOffline(false);
    await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 20_000 });
    expect(keysOf(await savedState(page), 'how-you-identify')).toEqual(['male']);
  });

  test('one member cannot read or write another member’s answers', async ({ page, browser }) => {
    await signUp(page);
    await answerSurvey(page, { until: 'how-you-identify' });
    await page.goto('/how-you-identify');
    await page.getByRole('radio', { name: 'Female' }).check();
    await next(page);
    await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'saved');

    const other = await browser.newContext();
    const second = await other.newPage();
    await signUp(second);
    const theirs = await savedState(second);
    expect(keysOf(theirs, 'how-you-identify')).toBeUndefined();
    // The API has no way to name another member: the caller is always the one signed in.
    const res = await second.request.get('/api/onboarding/survey?userId=someone-else');
    expect(keysOf((await res.json()) as SurveyState, 'how-you-identify')).toBeUndefined();
    await other.close();
  });
});
