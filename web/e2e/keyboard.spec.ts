import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signUp, test } from './fixtures';

// A member who uses only the keyboard (or a switch, or a screen reader's keys) can walk the whole
// survey and choose a coach: every step is reached with Tab, answered with Space, arrows and
// typing, and sent with Enter. No test here clicks.

type Variant = { key: string; value: string };
type Question = { type: string; title: string; nextLabel?: string; answerVariants?: Variant[] };
type Definition = { questions: Record<string, Question> };

/** focused describes the element that has focus: its role as the page says it, and its name. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return { tag: '', type: '', name: '' };
    const label = el.id ? document.querySelector(`label[for="${el.id}"]`) : null;
    const name = (el.getAttribute('aria-label') || label?.textContent || el.closest('label')?.textContent || el.textContent || '').trim();
    return { tag: el.tagName.toLowerCase(), type: (el as HTMLInputElement).type ?? '', name };
  });
}

/** tabTo presses Tab until the focused element matches, as a keyboard user would look for it. */
async function tabTo(page: Page, matches: (f: { tag: string; type: string; name: string }) => boolean, what: string) {
  for (let presses = 0; presses < 60; presses++) {
    if (matches(await focused(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${what}`);
}

const named = (name: string | RegExp) => (f: { name: string }) => (typeof name === 'string' ? f.name === name : name.test(f.name));

async function pressNext(page: Page, label: string) {
  await tabTo(page, (f) => f.tag === 'button' && f.name === label, label);
  await page.keyboard.press('Enter');
}

/** answerStep answers the step on screen with the keyboard, and sends it. */
async function answerStep(page: Page, slug: string, question: Question) {
  switch (slug) {
    case 'name-and-birth':
      await tabTo(page, named('First name'), 'First name');
      await page.keyboard.type('Sam');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Rivera');
      await tabTo(page, (f) => f.tag === 'select' && f.name === 'Month', 'Month');
      await page.keyboard.type('Apr');
      await page.keyboard.press('Tab');
      await page.keyboard.type('30');
      await page.keyboard.press('Tab');
      await page.keyboard.type('1990');
      await tabTo(page, (f) => f.type === 'radio', 'the phone choice');
      // Arrow keys move through a radio group and choose as they go; iPhone comes first.
      if (!(await page.getByRole('radio', { name: 'iPhone' }).isChecked())) await page.keyboard.press('Space');
      await tabTo(page, (f) => f.type === 'checkbox', 'the terms');
      await page.keyboard.press('Space');
      break;
    case 'live-state':
      await tabTo(page, (f) => f.tag === 'select', 'State');
      await page.keyboard.type('New York');
      break;
    default: {
      const variants = question.answerVariants ?? [];
      if (question.type === 'SelectOne' || question.type === 'Rate') {
        await tabTo(page, (f) => f.type === 'radio', 'the first answer');
        await page.keyboard.press('Space');
      } else if (question.type === 'SelectMany') {
        // Any answer but the one that opens the crisis page.
        const choice = variants.find((v) => v.key !== 'self-harm')!;
        await tabTo(page, (f) => f.type === 'checkbox' && f.name === choice.value, choice.value);
        await page.keyboard.press('Space');
      }
    }
  }
  await pressNext(page, question.nextLabel || 'Next');
}

test('a keyboard alone walks the whole survey and chooses a coach', async ({ page }, info) => {
  test.setTimeout(120_000);
  await signUp(page);
  const definition = (await (await page.request.get('/api/onboarding/definition')).json()) as Definition;

  const walked: string[] = [];
  for (;;) {
    const slug = new URL(page.url()).pathname.split('/').pop()!;
    if (slug === 'meet-your-coach') break;
    const question = definition.questions[slug];
    expect(question, `a survey step at ${page.url()}`).toBeDefined();
    expect(walked, `the walk came back to ${slug}`).not.toContain(slug);
    walked.push(slug);
    // Going on to a step moves focus to its heading just after it paints (a page opened by its
    // address keeps the browser's own start); keys pressed before that would go to whatever had
    // focus, so a keyboard user starts from the heading, as this does.
    if (walked.length === 1) await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    else await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await answerStep(page, slug, question);
    await page.waitForURL((url) => !url.pathname.endsWith(`/${slug}`));
  }
  expect(walked).toContain('how-often-trouble-wrapping');
  expect(walked).toContain('score-screen');
  expect(walked.at(-1)).toBe('account');

  await expect(page.getByRole('heading', { level: 1, name: 'Choose your coach' })).toBeVisible();
  await expectNoAxeViolations(page);
  await tabTo(page, (f) => f.tag === 'button' && /^Choose /.test(f.name), 'a coach’s Choose button');
  if (info.project.name === 'desktop') {
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/account\/download-app$/);
  }
  const saved = (await (await page.request.get('/api/onboarding/survey')).json()) as { resumeAt: string; score: number | null };
  expect(saved.score).not.toBeNull();
});
