import { test, expect, expectNoAxeViolations, signIn } from './fixtures';

test.describe('survey steps', () => {
  test('a signed-in member answers a step; the answer is saved and the next step opens', async ({ page }) => {
    await page.goto('/how-you-identify');
    await signIn(page);
    await expect(page).toHaveURL(/\/how-you-identify$/);
    await expect(page.getByRole('heading', { level: 1, name: /How do you identify/ })).toBeVisible();
    await expectNoAxeViolations(page);

    // Next without an answer explains what is missing and stays.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/how-you-identify$/);

    await page.getByRole('radio', { name: 'Prefer not to say' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/live-state$/);

    const state = await (await page.request.get('/api/onboarding/survey')).json();
    const saved = state.answers.find((a: { questionSlug: string }) => a.questionSlug === 'how-you-identify');
    expect(saved.answers.map((a: { key: string }) => a.key)).toEqual(['prefer-not-to-disclose']);
  });

  test('the self-harm answer opens the crisis page at once', async ({ page }) => {
    await page.goto('/what-apply-to-you');
    await signIn(page);
    await expect(page).toHaveURL(/\/what-apply-to-you$/);
    await page.getByRole('checkbox', { name: /Thoughts of hurting myself/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/we-are-sorry-no-go$/);
    await expect(page.getByRole('link', { name: /Call 988/ })).toHaveAttribute('href', 'tel:988');
  });

  test('the challenge step allows three choices and refuses a fourth', async ({ page }) => {
    await page.goto('/your-challenge-is');
    await signIn(page);
    for (const name of ['Staying focused', 'Managing my time', 'Remembering things']) {
      await page.getByRole('checkbox', { name }).check();
    }
    await expect(page.getByText('3 of 3 chosen')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Feeling restless' }).click();
    await expect(page.getByRole('checkbox', { name: 'Feeling restless' })).not.toBeChecked();
  });
});
