import { readFile } from 'node:fs/promises';
import type { Browser, Page, ViewportSize } from '@playwright/test';
import { test, expect, expectNoAxeViolations, onStep, signIn, signUp } from './fixtures';

// The Android waitlist end to end against the real binary, on a phone and on a desktop: a new
// member who uses Android lands on ios-only, is stopped kindly when they forget the consent box,
// joins with the keyboard, still sees their place after a reload, and leaves; staff see the member
// on the waitlist page and download it as CSV. Axe checks both new screens.

const demoStaff = { email: 'staff@demo.example.com', password: 'demo-staff-password' };

const waitlistPath = '/api/user/me/android-waitlist';

/** toIosOnly answers name-and-birth as a member on Android, which leads to ios-only. */
async function toIosOnly(page: Page) {
  await onStep(page, 'name-and-birth', /Nice to meet you/);
  await page.getByRole('textbox', { name: 'First name' }).fill('Sam');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Rivera');
  await page.getByRole('combobox', { name: 'Month' }).selectOption('April');
  await page.getByRole('combobox', { name: 'Day' }).selectOption('30');
  await page.getByRole('combobox', { name: 'Year' }).selectOption('1990');
  await page.getByRole('radio', { name: 'Android' }).check();
  await page.getByRole('checkbox', { name: /I agree to the terms/ }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await onStep(page, 'ios-only', /Our app is for iPhone/);
}

/** staffPage opens the staff app in a browser of its own, signed in as the demo staff user. */
async function staffPage(browser: Browser, baseURL: string, viewport: ViewportSize): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto('/staff');
  await signIn(page, demoStaff);
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  return page;
}

test.describe('the Android waitlist', () => {
  test('a member on Android joins, still sees it after a reload, staff download it, and the member leaves', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const email = await signUp(page);
    await toIosOnly(page);

    // The waitlist starts from the sign-in email, with the consent box unticked.
    const waitlist = page.getByRole('region', { name: 'Join the Android waitlist' });
    const address = waitlist.getByRole('textbox', { name: 'Email address' });
    const consent = waitlist.getByRole('checkbox', { name: /Email me once when Wayfinder is on Android/ });
    await expect(address).toHaveValue(email);
    await expect(consent).not.toBeChecked();
    await expect(page.getByRole('link', { name: 'Change my answer' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Without the box ticked nothing is sent, and the box says why, in plain words.
    const writes: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === waitlistPath && r.method() !== 'GET') writes.push(r.method());
    });
    await waitlist.getByRole('button', { name: 'Join the Android waitlist' }).click();
    await expect(consent).toHaveAttribute('aria-invalid', 'true');
    await expect(consent).toHaveAccessibleDescription('Please tick the box so we may email you when Wayfinder is on Android.');
    await expect(consent).toBeFocused();
    expect(writes).toEqual([]);
    await expectNoAxeViolations(page);

    // With the keyboard alone: tick the box, move to the button, press it.
    await page.keyboard.press('Space');
    await expect(consent).toBeChecked();
    await expect(consent).not.toHaveAttribute('aria-invalid');
    await page.keyboard.press('Tab');
    await expect(waitlist.getByRole('button', { name: 'Join the Android waitlist' })).toBeFocused();
    const joined = page.waitForResponse((r) => new URL(r.url()).pathname === waitlistPath && r.request().method() === 'PUT');
    await page.keyboard.press('Enter');
    expect((await joined).status()).toBe(200);

    const onList = page.getByRole('region', { name: 'You’re on the list' });
    await expect(onList.getByRole('status')).toHaveText(`We’ll write to ${email} once, when Wayfinder is on Android. That’s the only email this list will send.`);
    await expect(onList.getByRole('heading', { level: 2, name: 'You’re on the list' })).toBeFocused();
    await expect(onList.getByRole('button', { name: 'Leave the waitlist' })).toBeVisible();
    await expectNoAxeViolations(page);

    // A member who comes back sees their place.
    await page.reload();
    await onStep(page, 'ios-only', /Our app is for iPhone/);
    await expect(page.getByRole('region', { name: 'You’re on the list' })).toContainText(email);

    // Staff see the member on the waitlist page and download it.
    const staff = await staffPage(browser, baseURL!, page.viewportSize()!);
    await staff.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Android waitlist' }).click();
    await expect(staff).toHaveURL(/\/staff\/android-waitlist$/);
    await expect(staff.getByRole('heading', { level: 1, name: 'Android waitlist' })).toBeVisible();
    await expect(staff.getByText(/members? (is|are) on the waitlist\./)).toBeVisible();
    const table = staff.getByRole('table', { name: 'Members on the Android waitlist, newest first' });
    await expect(table.getByRole('row').filter({ hasText: email })).toHaveCount(1);
    await expectNoAxeViolations(staff);

    const download = staff.waitForEvent('download');
    await staff.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^wayfinder-android-waitlist-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(staff.getByRole('status').filter({ hasText: 'The file is downloading.' })).toBeVisible();
    const lines = (await readFile(await file.path(), 'utf8')).trimEnd().split('\n');
    expect(lines[0]).toBe('email,joined_at,consent_version');
    const row = lines.find((line) => line.startsWith(`${email},`));
    expect(row, lines.join('\n')).toMatch(new RegExp(`^${email.replace(/[.+]/g, '\\$&')},\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z,android-waitlist-1$`));
    expect(lines.join('\n')).not.toContain('Rivera');

    // The member leaves; the page says so, and so does the next visit. Staff no longer see them.
    await page.getByRole('button', { name: 'Leave the waitlist' }).click();
    const form = page.getByRole('region', { name: 'Join the Android waitlist' });
    await expect(form.getByRole('status')).toHaveText('You’ve left the waitlist. We won’t email you about Android.');
    await expect(form.getByRole('textbox', { name: 'Email address' })).toHaveValue(email);
    await page.reload();
    await onStep(page, 'ios-only', /Our app is for iPhone/);
    await expect(page.getByRole('region', { name: 'Join the Android waitlist' }).getByRole('checkbox', { name: /Email me once/ })).not.toBeChecked();
    await staff.reload();
    await expect(staff.getByRole('heading', { level: 1, name: 'Android waitlist' })).toBeVisible();
    await expect(staff.getByText(email)).toHaveCount(0);
    await staff.context().close();
  });
});
