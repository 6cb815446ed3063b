import type { Page } from '@playwright/test';
import { answerSurvey, expect, signUp, test } from './fixtures';

/**
 * tapWhereItIs taps the spot where an element is on screen right now, as a finger would: no
 * waiting for it to hold still and no scrolling it into view, which Playwright's click would do.
 */
async function tapWhereItIs(page: Page, name: string) {
  const box = await page.getByRole('checkbox', { name }).locator('xpath=..').boundingBox();
  if (!box) throw new Error(`${name} is not on screen`);
  const [x, y] = [box.x + 24, box.y + box.height / 2];
  if (page.viewportSize()!.width < 500) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

// A member on a slow phone with a slow connection: the CPU runs at a quarter of its speed and every
// survey save takes 800 ms. A tap made the moment a step appears must count, whatever the previous
// step's save does when it lands afterwards.
test.describe('a tap made the moment a step appears', () => {
  for (let run = 1; run <= 3; run++) {
    test(`is kept when the previous step's save lands after it (fresh member ${run})`, async ({ page }) => {
      await signUp(page);
      await answerSurvey(page, { until: 'your-challenge-is' });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      let saves = 0;
      await page.route('**/api/onboarding/survey', async (route) => {
        if (route.request().method() !== 'PUT') return route.continue();
        await new Promise((resolve) => setTimeout(resolve, 800));
        const response = await route.fetch();
        saves++;
        await route.fulfill({ response });
      });

      await page.goto('/your-challenge-is');
      await page.getByRole('checkbox', { name: 'Staying focused' }).check();
      // The member scrolled down to read every option before going on.
      await page.locator('main').evaluate((main) => main.scrollTo({ top: main.scrollHeight, behavior: 'instant' }));
      await page.getByRole('button', { name: 'Next' }).click();
      // The tap comes as soon as the next step's heading is there, while the save is on its way.
      await page.getByRole('heading', { level: 1, name: 'Do any of these apply to you?' }).waitFor();
      await tapWhereItIs(page, 'Anxiety');
      expect(saves).toBe(0);

      await expect.poll(() => saves, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
      // Long enough for whatever the landed save sets off (a fresh read of the survey, a re-render).
      await page.waitForTimeout(1500);
      await expect(page.getByRole('checkbox', { name: 'Anxiety' })).toBeChecked();

      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page).toHaveURL(/\/lets-better-understand-prompt$/);
      await expect.poll(() => saves, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      const state = (await (await page.request.get('/api/onboarding/survey')).json()) as {
        answers: { questionSlug: string; answers: { key: string }[] }[];
      };
      expect(state.answers.find((d) => d.questionSlug === 'what-apply-to-you')?.answers.map((a) => a.key)).toEqual(['anxiety']);
    });
  }
});
