import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Download, Page, ViewportSize } from '@playwright/test';
import { test, expect, expectNoAxeViolations, onStep, signIn, signUp } from './fixtures';

// The Insights page end to end against the real binary, on a phone and on a desktop: new members
// arrive from a campaign of this test's own and walk the first steps of the survey, one in the
// browser and five through the API as the app saves them; staff open Insights, narrow it to that
// campaign, see each member counted at the steps they reached (and "fewer than 5" where the privacy
// floor hides a count), go Back to the filters before, and download the funnel as CSV. An admin
// downloads every member from the members page. Axe checks the pages at each width.
//
// The server is shared by every test of a worker, so the counts are read for this test's campaign
// only: the other tests' members don't change them.

const demoStaff = { email: 'staff@demo.example.com', password: 'demo-staff-password' };
const demoAdmin = { email: 'admin@demo.example.com', password: 'demo-admin-password' };

const nameAndBirth = [
  { key: 'firstName', value: 'Sam' },
  { key: 'lastName', value: 'Rivera' },
  { key: 'dateOfBirth', value: '1990-04-30' },
  { key: 'termsOfService', value: 'true' },
  { key: 'device', value: 'iphone' },
];
const howYouIdentify = [{ key: 'prefer-not-to-disclose', value: '' }];

type Utm = { utm_source: string; utm_campaign: string };

/** saveStep answers one step through the API, as the app does when the member presses Next. */
async function saveStep(page: Page, slug: string, answers: { key: string; value: string }[], utm: Utm) {
  const res = await page.request.put('/api/onboarding/survey', { data: { fromSlug: slug, data: [{ questionSlug: slug, answers }], utm } });
  expect(res.status(), await res.text()).toBe(204);
}

/**
 * memberOfCampaign signs a new member up from the campaign's landing address, in a browser of its
 * own, and answers name-and-birth, then how-you-identify when both is true.
 */
async function memberOfCampaign(browser: Browser, baseURL: string, utm: Utm, both: boolean): Promise<string> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const email = await signUp(page, `/?${new URLSearchParams(utm).toString()}`);
  await saveStep(page, 'name-and-birth', nameAndBirth, utm);
  if (both) await saveStep(page, 'how-you-identify', howYouIdentify, utm);
  await context.close();
  return email;
}

/** staffPage opens the staff app in a browser of its own, signed in as who, at the page's width. */
async function staffPage(browser: Browser, baseURL: string, viewport: ViewportSize, who: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto('/staff');
  await signIn(page, who);
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  return page;
}

/** lines reads a downloaded CSV file's lines. */
async function lines(download: Download): Promise<string[]> {
  return (await readFile(await download.path(), 'utf8')).trimEnd().split(/\r?\n/);
}

test.describe('the Insights page', () => {
  test('staff see new members at the steps they reached, narrowed to their campaign, and download the funnel', async ({ page, browser, baseURL }) => {
    test.setTimeout(150_000);
    const utm = { utm_source: 'e2e-insights', utm_campaign: `run-${randomBytes(4).toString('hex')}` };

    // One member walks name-and-birth and how-you-identify in the browser, and is on live-state.
    await signUp(page, `/?${new URLSearchParams(utm).toString()}`);
    await onStep(page, 'name-and-birth', /Nice to meet you/);
    await page.getByRole('textbox', { name: 'First name' }).fill('Sam');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Rivera');
    await page.getByRole('combobox', { name: 'Month' }).selectOption('April');
    await page.getByRole('combobox', { name: 'Day' }).selectOption('30');
    await page.getByRole('combobox', { name: 'Year' }).selectOption('1990');
    await page.getByRole('radio', { name: 'iPhone' }).check();
    await page.getByRole('checkbox', { name: /I agree to the terms/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await onStep(page, 'how-you-identify', /How do you identify, Sam\?/);
    await page.getByRole('radio', { name: 'Prefer not to say' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await onStep(page, 'live-state', /Which state do you live in/);

    // Five more from the same campaign: two get as far (3 on live-state in all, under the floor),
    // three stop on how-you-identify. So 6 reached the first two steps.
    await Promise.all([true, true, false, false, false].map((both) => memberOfCampaign(browser, baseURL!, utm, both)));

    const staff = await staffPage(browser, baseURL!, page.viewportSize()!, demoStaff);
    // The members' download is for admins only.
    await expect(staff.getByRole('button', { name: 'Download members (CSV)' })).toHaveCount(0);
    await staff.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Insights' }).click();
    await expect(staff).toHaveURL(/\/staff\/insights$/);
    await expect(staff.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
    await expect(staff.getByRole('img', { name: 'Members who reached each step of the survey' })).toBeVisible();
    await expectNoAxeViolations(staff);

    // Narrow the report to this test's campaign, from the choices the campaigns report gives.
    const form = staff.getByRole('search', { name: 'Filters' });
    await form.getByRole('combobox', { name: 'Campaign source' }).selectOption(utm.utm_source);
    await form.getByRole('combobox', { name: 'Campaign', exact: true }).selectOption(utm.utm_campaign);
    await form.getByRole('button', { name: 'Show' }).click();
    await expect(staff).toHaveURL(new RegExp(`/staff/insights\\?utm_source=${utm.utm_source}&utm_campaign=${utm.utm_campaign}$`));

    const totals = staff.getByRole('region', { name: 'At a glance' });
    await expect(totals.getByRole('term')).toHaveText(['Signed up', 'Chose a coach', 'Paid']);
    await expect(totals.getByRole('definition')).toHaveText(['6', '0', '0% of sign-ups', '0', '0% of sign-ups']);

    const table = staff.getByRole('table', { name: 'Members at each step of the survey, in order' });
    const cells = (step: string) => table.getByRole('row').filter({ has: staff.getByRole('rowheader', { name: step, exact: true }) }).getByRole('cell');
    await expect(cells('Name and birth')).toHaveText(['6', '100%', '—does not apply', '—does not apply', /^\d+ (s|min)/]);
    await expect(cells('iPhone only branch')).toHaveText(['0', '0%', '—does not apply', '—does not apply', '—not shown']);
    await expect(cells('How you identify')).toHaveText(['6', '100%', '0', '0%', '—not shown']);
    await expect(cells('Live state')).toHaveText(['fewer than 5', '—not shown', 'fewer than 5', '—not shown', '—not shown']);
    await expect(cells('Whats your motivation')).toHaveText(['0', '0%', 'fewer than 5', '—not shown', '—not shown']);
    await expect(cells('Meet your coach')).toHaveText(['0', '0%', '0', '—not shown', '—not shown']);

    // The chart says the same, and draws live-state's hidden count as a stub, never a length.
    const chart = staff.getByRole('img', { name: 'Members who reached each step of the survey' });
    await expect(chart).toHaveAccessibleDescription(
      '6 reached the first step, Name and birth. 0 reached the last, Meet your coach. Counts under 5 are drawn as short hatched bars.',
    );
    await expect(chart.locator('rect[fill^="url(#"]')).toHaveCount(1);

    // The campaigns table counts the same members; the other filters don't narrow it.
    const campaigns = staff.getByRole('table', { name: 'Sign-ups by campaign, most first' });
    await expect(campaigns.getByRole('row').filter({ hasText: utm.utm_campaign }).getByRole('cell')).toHaveText([
      utm.utm_source,
      utm.utm_campaign,
      '—none',
      '6',
      '0',
      '0',
      '0%',
    ]);
    await expectNoAxeViolations(staff);

    // The funnel's file has the same numbers, for the same filters.
    const download = staff.waitForEvent('download');
    await staff.getByRole('button', { name: 'Download funnel CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^wayfinder-funnel-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(staff.getByRole('status').filter({ hasText: 'The file is downloading.' })).toBeVisible();
    const csv = await lines(file);
    expect(csv[0]).toBe('step,branch,reached,reached_percent,drop_off,drop_off_percent,median_seconds');
    expect(csv[1]).toMatch(/^name-and-birth,false,6,100\.0,,,\d+$/);
    expect(csv).toEqual(
      expect.arrayContaining([
        'ios-only,true,0,0.0,,,',
        'how-you-identify,false,6,100.0,0,0.0,',
        'live-state,false,fewer than 5,,fewer than 5,,',
        'whats-your-motivation,false,0,0.0,fewer than 5,,',
        'signed up,false,6,,,,',
        'chose a coach,false,0,0.0,,,',
        'paid,false,0,0.0,,,',
      ]),
    );
    expect(csv.join('\n')).not.toMatch(/Rivera|@example\.com|1990/);

    // Back returns to the report before the filters, and the form says so.
    await staff.goBack();
    await expect(staff).toHaveURL(/\/staff\/insights$/);
    await expect(form.getByRole('combobox', { name: 'Campaign source' })).toHaveValue('');
    await expect(form.getByRole('combobox', { name: 'Campaign', exact: true })).toHaveValue('');
    await expect(form.getByRole('link', { name: 'Reset filters' })).toHaveCount(0);
    await staff.context().close();
  });

  test('an admin downloads every member as CSV, without their answers', async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    const utm = { utm_source: 'e2e-insights', utm_campaign: `export-${randomBytes(4).toString('hex')}` };
    const email = await signUp(page, `/?${new URLSearchParams(utm).toString()}`);
    await saveStep(page, 'name-and-birth', nameAndBirth, utm);

    const admin = await staffPage(browser, baseURL!, page.viewportSize()!, demoAdmin);
    const button = admin.getByRole('button', { name: 'Download members (CSV)' });
    await expect(button).toHaveAccessibleDescription(
      'Name, email, sign-up date, step, coach, payment and campaign. No survey answers. The download is written to the audit log.',
    );
    await expectNoAxeViolations(admin);

    const download = admin.waitForEvent('download');
    await button.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^wayfinder-members-\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(admin.getByRole('status').filter({ hasText: 'The file is downloading.' })).toBeVisible();
    const csv = await lines(file);
    const header = csv[0].split(',');
    expect(header).toEqual(expect.arrayContaining(['first_name', 'last_name', 'email', 'signed_up_at', 'step_reached', 'coach', 'payment', 'utm_source', 'utm_campaign', 'origin']));
    const row = csv.find((line) => line.includes(email));
    expect(row, csv.join('\n')).toBeDefined();
    const cells = Object.fromEntries(header.map((name, i) => [name, row!.split(',')[i]]));
    expect(cells).toMatchObject({ first_name: 'Sam', last_name: 'Rivera', email, step_reached: 'how-you-identify', payment: 'none', ...utm });
    // Nothing the member answered (their date of birth) is in the file.
    expect(csv.join('\n')).not.toContain('1990-04-30');
    await admin.context().close();
  });
});
