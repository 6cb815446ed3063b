import type { Page } from '@playwright/test';
import { test, expect, answerSurvey, expectNoAxeViolations, signUp } from './fixtures';

// The coach chooser and the hand-off, against the real binary and its six demo coaches. Each test
// signs up a member of its own and gives the survey answers the chooser matches on through the API,
// as the survey itself would.

const androidUA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const iPhoneUA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

interface Fit {
  state: string;
  challenges: string[];
  help: string[];
}

// Lena (emotional regulation, relationships, Pacific time) fits this member best; with no answers
// at all, Maya (the most places left) would come first.
const fitsLena: Fit = { state: 'CA', challenges: ['managing-emotions', 'relationships'], help: ['emotional-support'] };
// Maya (time management, procrastination, accountability, Eastern time), who has the file video.
const fitsMaya: Fit = { state: 'NY', challenges: ['time-management', 'procrastination'], help: ['accountable'] };

/**
 * memberWhoFits signs up a new member and answers the survey through the API, as the survey itself
 * would, with what matching reads set to fit, and their contact details confirmed.
 */
async function memberWhoFits(page: Page, fit: Fit, landing = '/') {
  const email = await signUp(page, landing);
  const keys = (list: string[]) => list.map((key) => ({ key, value: '' }));
  await answerSurvey(page, {
    answers: {
      'live-state': keys([fit.state]),
      'your-challenge-is': keys(fit.challenges),
      'what-help-need': keys(fit.help),
      account: [{ key: 'email', value: email }],
    },
  });
  return email;
}

const carousel = (page: Page) => page.getByRole('region', { name: 'Coaches' });
const position = (page: Page) => carousel(page).getByText(/^Coach \d of 6$/);
/** card is one coach's card, by their full name. */
const card = (page: Page, name: string) => page.getByRole('article', { name });

async function openChooser(page: Page) {
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose your coach' })).toBeVisible();
  await expect(position(page)).toHaveText('Coach 1 of 6');
}

test.describe('the coach chooser', () => {
  test('shows the best match first, browses by keyboard and swipe, and expands About, with axe', async ({ page }) => {
    await memberWhoFits(page, fitsLena);
    await openChooser(page);

    const lena = card(page, 'Lena Okafor');
    await expect(carousel(page).getByRole('group', { name: '1 of 6: Lena Okafor' })).toBeVisible();
    await expect(lena.getByText('Recommended for you')).toBeVisible();
    await expect(lena.getByText('Specializes in emotional regulation and relationships; in your time zone')).toBeVisible();
    await expect(lena.getByText('Emotional regulation, Relationships, Check-ins, Calm, Patient')).toBeVisible();
    await expect(lena.getByText('Pacific Time')).toBeVisible();
    await expect(lena.getByRole('img', { name: 'Portrait of Lena Okafor' })).toBeVisible();
    await expectNoAxeViolations(page);

    // About opens and closes.
    const more = lena.getByRole('button', { name: 'Show more' });
    await more.click();
    await expect(lena.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
    await lena.getByRole('button', { name: 'Hide' }).click();
    await expect(lena.getByRole('button', { name: 'Show more' })).toHaveAttribute('aria-expanded', 'false');

    // Keyboard: the buttons, then the arrow keys, and round the loop backwards.
    await page.getByRole('button', { name: 'Next coach' }).focus();
    await page.keyboard.press('Enter');
    await expect(position(page)).toHaveText('Coach 2 of 6');
    await page.keyboard.press('ArrowRight');
    await expect(position(page)).toHaveText('Coach 3 of 6');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(position(page)).toHaveText('Coach 6 of 6');
    await page.keyboard.press('ArrowRight');
    await expect(position(page)).toHaveText('Coach 1 of 6');

    // A slide out of view can't be reached with Tab: its choose button is inert.
    const hidden = await carousel(page).locator('[inert]').count();
    expect(hidden).toBeGreaterThan(0);

    // Swipe: drag the track from right to left. On a busy machine a drag's moves can arrive too
    // far apart to read as a swipe, so the drag is made again until the carousel moves, once.
    await expect(position(page)).toHaveText('Coach 1 of 6');
    await expect(async () => {
      const box = (await carousel(page).locator('img').first().boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + box.width * 0.8, y);
      await page.mouse.down();
      for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + box.width * (0.8 - i * 0.09), y);
      await page.mouse.up();
      await expect(position(page)).not.toHaveText('Coach 1 of 6', { timeout: 1500 });
    }).toPass({ timeout: 10_000 });
    await expect(position(page)).toHaveText('Coach 2 of 6');
    await expectNoAxeViolations(page);
  });

  test('plays only the video on show, muted with captions, and loads the Vimeo player only for its slide', async ({ page }) => {
    const vimeo: string[] = [];
    await page.route('https://player.vimeo.com/**', (route) => {
      vimeo.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' });
    });
    await memberWhoFits(page, fitsMaya);
    await openChooser(page);

    const video = card(page, 'Maya Reyes').locator('video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
    expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, v.textTracks[0]?.mode])).toEqual([true, 'showing']);
    expect(await page.locator('iframe').count()).toBe(0);

    // On a phone, reading further down the card scrolls the player away, and it pauses until back.
    if (test.info().project.name === 'phone') {
      await page.setViewportSize({ width: 375, height: 600 });
      await card(page, 'Maya Reyes').getByRole('button', { name: 'Show more' }).click();
      await page.locator('main').evaluate((m) => m.scrollTo({ top: m.scrollHeight, behavior: 'instant' }));
      await expect(video).not.toBeInViewport({ ratio: 0.5 });
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
      await page.setViewportSize({ width: 375, height: 812 });
      await page.locator('main').evaluate((m) => m.scrollTo({ top: 0, behavior: 'instant' }));
      await expect(video).toBeInViewport({ ratio: 0.5 });
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    }

    // Maya, Sam, then Dev, whose video is on Vimeo.
    await page.getByRole('button', { name: 'Next coach' }).click();
    await expect(position(page)).toHaveText('Coach 2 of 6');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
    expect(vimeo).toEqual([]);

    await page.getByRole('button', { name: 'Next coach' }).click();
    await expect(position(page)).toHaveText('Coach 3 of 6');
    const frame = card(page, 'Dev Patel').locator('iframe');
    await expect(frame).toHaveAttribute('src', /^https:\/\/player\.vimeo\.com\/video\/76979871\?.*dnt=1/);
    await expect(frame).toHaveAttribute('title', 'Video hello from Dev Patel');
    expect(vimeo.length).toBeGreaterThan(0);
  });

  test('sends the campaign values once from the chooser, then forgets them', async ({ page }) => {
    await memberWhoFits(page, fitsLena, '/?utm_source=podcast&utm_campaign=autumn');
    const sent: unknown[] = [];
    page.on('request', (req) => {
      if (req.method() === 'PUT' && req.url().endsWith('/api/onboarding/survey')) sent.push(req.postDataJSON());
    });
    await openChooser(page);

    await expect.poll(() => page.evaluate(() => localStorage.getItem('utm'))).toBeNull();
    expect(sent).toEqual([{ fromSlug: 'meet-your-coach', data: [], utm: { utm_source: 'podcast', utm_campaign: 'autumn' } }]);
  });
});

test.describe('the journey’s end', () => {
  test('the thank-you page is the crisis-support page, and unknown pages are not found', async ({ page }) => {
    await memberWhoFits(page, fitsLena);
    await page.goto('/account/thank-you');
    await expect(page.getByRole('link', { name: 'Call 988' })).toBeVisible();
    await page.goto('/account/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible();
  });
});

test.describe('the chooser away from an iPhone', () => {
  // The phone-sized project browses as an iPhone; here both sizes are another device.
  test.use({ userAgent: androidUA });

  test('choosing leads to the download page with a QR code, then to the finish', async ({ page }) => {
    await memberWhoFits(page, fitsLena);
    await openChooser(page);
    await card(page, 'Lena Okafor').getByRole('button', { name: 'Choose Lena' }).click();

    await expect(page).toHaveURL(/\/account\/download-app$/);
    await expect(page.getByRole('heading', { level: 1, name: 'You’re all set, Sam!' })).toBeVisible();
    await expect(page.getByText('Lena Okafor')).toBeVisible();
    await expect(page.getByText('Sign in with the same email you used here. Lena will say hello.')).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code that opens the Wayfinder app in the App Store' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open the App Store' })).toHaveAttribute('href', 'https://apps.apple.com/');
    await expectNoAxeViolations(page);

    const coaches = (await (await page.request.get('/api/chat/list_coaches')).json()) as { coaches: { coachId: string; current: boolean }[] };
    expect(coaches.coaches.filter((c) => c.current).map((c) => c.coachId)).toEqual(['lena']);

    await page.getByRole('link', { name: 'I have the app' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You’re all set!' })).toBeVisible();
    await expect(page.getByText('Lena will say hello in the Wayfinder app.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('the chooser on an iPhone', () => {
  test.use({ userAgent: iPhoneUA });

  test('choosing goes to the App Store', async ({ page }) => {
    await page.route('https://apps.apple.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>App Store</title>' }));
    await memberWhoFits(page, fitsLena);
    await openChooser(page);
    await card(page, 'Lena Okafor').getByRole('button', { name: 'Choose Lena' }).click();

    await expect(page).toHaveURL('https://apps.apple.com/');
  });
});

test.describe('the chooser in the native app', () => {
  test('choosing posts the choice to the app and stays', async ({ page }) => {
    await memberWhoFits(page, fitsLena);
    // The app's message handler, as WebKit provides it, recording what the page posts.
    await page.addInitScript(() => {
      const posted: unknown[] = [];
      Object.assign(window, { posted, webkit: { messageHandlers: { wayfinder: { postMessage: (m: unknown) => posted.push(m) } } } });
    });
    await openChooser(page);
    await card(page, 'Lena Okafor').getByRole('button', { name: 'Choose Lena' }).click();

    await expect(page.getByText('Great choice! Carry on in the app.')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { posted: unknown[] }).posted)).toEqual([
      { type: 'coach-chosen', coachId: 'lena', saved: true },
    ]);
    await expect(page).toHaveURL(/\/account$/);
  });
});
