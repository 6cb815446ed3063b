import { deflateSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { test, expect, answerSurvey, expectNoAxeViolations, signIn, signUp } from './fixtures';

// The staff app's core against the real server, at a desktop's and a tablet's width: staff sign in
// and land on the members list, find a member who has just signed up, correct their profile, give
// them a picture and switch their coach (which the member then sees); the safety queue shows a
// member who told us of thoughts of self-harm, and a review is recorded and reopens their journey.
// A member who types /staff gets Not Found and none of the staff app's code.

const demoStaff = { email: 'staff@demo.example.com', password: 'demo-staff-password' };

const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'tablet', viewport: { width: 768, height: 1024 } },
] as const;

// The phone-sized project is left out: staff work at a desk or on a tablet, and the two widths
// above are set here, whatever the project.
test.beforeEach(() => {
  test.skip(test.info().project.name === 'phone', 'The staff app is tested at desktop and tablet widths');
});

/** crc32 is the checksum each PNG chunk ends with. */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** png makes a small one-colour PNG: a real image, for the server to decode and re-encode. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per sample, RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * staffPage opens /staff in a browser of its own (the member keeps theirs), signs in there as the
 * demo staff user and waits to be back on the members list.
 */
async function staffPage(browser: Browser, baseURL: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  await page.goto('/staff');
  await expect(page).toHaveURL(/\/auth\/login\?returnTo=\/staff$|\/idp\//);
  await signIn(page, demoStaff);
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  return page;
}

/** openMember searches the members list for an email and opens that member's page. */
async function openMember(staff: Page, email: string, name: string) {
  await staff.getByRole('searchbox', { name: 'Search by name or email' }).fill(email);
  await staff.keyboard.press('Enter');
  const table = staff.getByRole('table', { name: 'Members, newest first' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name }).click();
  await expect(staff.getByRole('heading', { level: 1, name })).toBeVisible();
}

for (const { name, viewport } of widths) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    test('staff sign in from the home page and land on the staff app, not a member page', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('link', { name: 'Sign in' }).click();
      await signIn(page, demoStaff);

      await expect(page).toHaveURL(/\/staff$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
      await expect(page.getByText('Signed in as staff@demo.example.com')).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Staff' });
      await expect(nav.getByRole('link')).toHaveText(['Members', 'Safety queue', 'Coaches', 'Android waitlist', 'Insights']);

      // A member page typed by hand leads back to the staff app.
      await page.goto('/how-you-identify');
      await expect(page).toHaveURL(/\/staff$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    test('staff find a new member, correct their name, give them a picture and switch their coach; the member sees the new coach', async ({
      page: member,
      browser,
      baseURL,
    }) => {
      // A member signs up, answers the survey and chooses Maya.
      const email = await signUp(member);
      await answerSurvey(member, { answers: { account: [{ key: 'email', value: email }] } });
      expect((await member.request.put('/api/chat/me_switch_coach', { data: { coachId: 'maya' } })).status()).toBe(200);

      const staff = await staffPage(browser, baseURL!, viewport);
      // The newest sign-ups come first: the member is on the first page.
      await expect(staff.getByRole('table', { name: 'Members, newest first' }).getByRole('cell', { name: email })).toBeVisible();
      await expectNoAxeViolations(staff);
      await openMember(staff, email, 'Sam Rivera');
      const profile = staff.getByRole('region', { name: 'Profile' });
      const coach = staff.getByRole('region', { name: 'Coach' });
      await expect(coach.getByText('Current coach: Maya Reyes')).toBeVisible();
      await expect(staff.getByRole('region', { name: 'Answers' }).getByText(/^Scored \d\/6$/)).toBeVisible();
      await expectNoAxeViolations(staff);

      // The name, corrected.
      await profile.getByRole('textbox', { name: 'First name' }).fill('Samira');
      await profile.getByRole('button', { name: 'Save profile' }).click();
      await expect(staff.getByRole('status').filter({ hasText: 'User profile updated successfully' })).toBeVisible();
      await expect(staff.getByRole('heading', { level: 1, name: 'Samira Rivera' })).toBeVisible();

      // A picture, uploaded and shown as the server re-encoded it.
      await profile.getByLabel('Profile picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(48, 48, [27, 107, 66]) });
      const picture = profile.getByRole('img', { name: 'Profile picture of Samira Rivera' });
      await expect(picture).toHaveAttribute('src', /\/picture\?v=/);
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
      await expect(profile.getByText('Picture saved.')).toBeVisible();

      // The coach, switched to Lena.
      await coach.getByRole('combobox', { name: 'New coach' }).selectOption('lena');
      await coach.getByRole('button', { name: 'Switch coach' }).click();
      await expect(staff.getByRole('status').filter({ hasText: 'Coach switched successfully' })).toBeVisible();
      await expect(coach.getByText('Current coach: Lena Okafor')).toBeVisible();
      await expect(coach.getByRole('listitem').first()).toHaveText(/^Lena Okafor since/);
      await expectNoAxeViolations(staff);

      // The member's chooser marks Lena as their coach now, and their profile has the new name.
      await member.goto('/account/meet-your-coach');
      await expect(member.getByRole('heading', { level: 1, name: 'Choose your coach' })).toBeVisible();
      await expect(member.getByRole('article', { name: 'Lena Okafor' }).getByText('Your coach')).toBeVisible();
      await expect(member.getByRole('article', { name: 'Maya Reyes' }).getByText('Your coach')).toHaveCount(0);
      expect((await (await member.request.get('/api/user/me')).json()).me).toMatchObject({ firstName: 'Samira' });
      expect((await member.request.get('/api/user/picture')).headers()['content-type']).toBe('image/jpeg');
      await staff.context().close();
    });

    test('the safety queue shows a member who told us of thoughts of self-harm; a review is recorded and reopens their journey', async ({
      page: member,
      browser,
      baseURL,
    }) => {
      const email = await signUp(member);
      await answerSurvey(member, { until: 'lets-better-understand-prompt', answers: { 'what-apply-to-you': [{ key: 'self-harm', value: '' }] } });
      await expect.poll(async () => (await (await member.request.get('/api/onboarding/survey')).json()).safetyHold).toBe(true);
      await member.goto('/account');
      await expect(member).toHaveURL(/\/we-are-sorry-no-go$/);

      const staff = await staffPage(browser, baseURL!, viewport);
      await staff.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Safety queue' }).click();
      await expect(staff.getByRole('heading', { level: 1, name: 'Safety queue' })).toBeVisible();
      await expect(staff.getByText(/These members told us they have had thoughts of self-harm/)).toBeVisible();
      await expect(staff.getByRole('tab', { name: 'Awaiting review' })).toHaveAttribute('aria-selected', 'true');
      const item = staff.getByRole('article').filter({ has: staff.getByRole('link', { name: email }) });
      await expect(item).toBeVisible();
      await expect(item.getByText('iPhone')).toBeVisible();
      await expect(item.getByText(/^(just now|\d+ minutes? ago) \(\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M\)$/)).toBeVisible();
      // The answer itself is never shown here.
      await expect(staff.getByText('Thoughts of hurting myself in the past 6 months')).toHaveCount(0);
      await expectNoAxeViolations(staff);

      await item.getByRole('button', { name: 'Mark reviewed' }).click();
      const dialog = staff.getByRole('dialog', { name: 'Mark Sam Rivera reviewed' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: 'What was done' })).toBeFocused();
      await expectNoAxeViolations(staff);
      await dialog.getByRole('textbox', { name: 'What was done' }).fill('Called Sam today. They are safe and have support at home.');
      await dialog.getByRole('checkbox', { name: 'Let them continue sign-up now' }).check();
      await dialog.getByRole('button', { name: 'Save review' }).click();
      await expect(dialog).toBeHidden();
      await expect(staff.getByRole('status').filter({ hasText: 'Review saved. They can go on with sign-up now.' })).toBeVisible();
      await expect(item).toHaveCount(0);

      // Recorded: the reviewed list has who reviewed it and the note.
      await staff.getByRole('tab', { name: 'Reviewed' }).click();
      const done = staff.getByRole('article').filter({ has: staff.getByRole('link', { name: email }) });
      await expect(done.getByText('staff@demo.example.com')).toBeVisible();
      await expect(done.getByText('Called Sam today. They are safe and have support at home.')).toBeVisible();
      await expect(done.getByText(/^Reopened /)).toBeVisible();
      await expect(done.getByRole('button', { name: 'Reopen their journey' })).toHaveCount(0);
      await expectNoAxeViolations(staff);

      // The member page says it was reviewed.
      await done.getByRole('link', { name: 'Open member page' }).click();
      await expect(staff.getByRole('region', { name: 'Safety' }).getByText(/Reviewed /)).toBeVisible();

      // The member's journey is open again: their sign-up goes on past the crisis page.
      await expect.poll(async () => (await (await member.request.get('/api/onboarding/survey')).json()).safetyHold).toBe(false);
      await member.goto('/account');
      await expect(member).not.toHaveURL(/we-are-sorry-no-go/);
      await expect(member.getByRole('heading', { level: 1 })).toBeVisible();
      await staff.context().close();
    });

    test('a review that keeps the journey paused can reopen it later', async ({ page: member, browser, baseURL }) => {
      const email = await signUp(member);
      await answerSurvey(member, { until: 'lets-better-understand-prompt', answers: { 'what-apply-to-you': [{ key: 'self-harm', value: '' }] } });

      const staff = await staffPage(browser, baseURL!, viewport);
      await staff.goto('/staff/safety');
      const item = staff.getByRole('article').filter({ has: staff.getByRole('link', { name: email }) });
      await item.getByRole('button', { name: 'Mark reviewed' }).click();
      const dialog = staff.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'What was done' }).fill('Left a voicemail; will call again tomorrow.');
      await dialog.getByRole('button', { name: 'Save review' }).click();
      await expect(staff.getByRole('status').filter({ hasText: 'Review saved.' })).toBeVisible();
      expect((await (await member.request.get('/api/onboarding/survey')).json()).safetyHold).toBe(true);

      await staff.getByRole('tab', { name: 'Reviewed' }).click();
      const paused = staff.getByRole('article').filter({ has: staff.getByRole('link', { name: email }) });
      await expect(paused.getByText('Paused on the support page')).toBeVisible();
      await paused.getByRole('button', { name: 'Reopen their journey' }).click();
      await expect(staff.getByRole('status').filter({ hasText: 'Their journey is open again.' })).toBeVisible();
      await expect(paused.getByText(/^Reopened /)).toBeVisible();
      await expect.poll(async () => (await (await member.request.get('/api/onboarding/survey')).json()).safetyHold).toBe(false);
      await staff.context().close();
    });

    test('a member who types /staff gets Not Found and never downloads the staff app', async ({ page }) => {
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      await signUp(page);

      await page.goto('/staff');

      await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
      await page.goto('/staff/safety');
      await expect(page.getByRole('heading', { level: 1, name: 'Not Found' })).toBeVisible();
      // The profile was asked for (that is how the app knows), and the gate that reads it
      // (RequireStaff), but nothing of the staff app behind the gate.
      expect(requested).toContain('/api/user/me');
      expect(requested.some((path) => /^\/assets\/RequireStaff-.*\.js$/.test(path))).toBe(true);
      const staffCode = requested.filter((path) => path.startsWith('/assets/') && /StaffRoutes|StaffLayout|MembersPage|MemberPage|SafetyPage|ImageUpload/.test(path));
      expect(staffCode).toEqual([]);
      expect(requested.filter((path) => path.startsWith('/api/staff'))).toEqual([]);

      // Their way home from Not Found is the home page, which takes them back into sign-up.
      await page.getByRole('link', { name: 'Go back home' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('link', { name: 'Continue where you left off' })).toHaveAttribute('href', '/name-and-birth');
      await expectNoAxeViolations(page);
    });

    test('a visitor who is not signed in goes from /staff to sign-in and back, and from /chat to the home page', async ({ page }) => {
      await page.goto('/chat');
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('link', { name: 'Get started' })).toBeVisible();

      await page.goto('/staff/safety');
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
      await signIn(page, demoStaff);
      await expect(page).toHaveURL(/\/staff\/safety$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Safety queue' })).toBeVisible();
    });
  });
}
