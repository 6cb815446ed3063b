import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations as axeCheck, signIn, signUp } from './fixtures';

// The staff app's admin pages against the real server: coaches, the audit log, staff accounts and
// plans, each at a desktop's and a tablet's width, and what staff who are not admins see of them.

const demoAdmin = { email: 'admin@demo.example.com', password: 'demo-admin-password' };
const demoStaff = { email: 'staff@demo.example.com', password: 'demo-staff-password' };

// Plans exist only where payment is on, so this file's workers run a server of their own with it
// (the setting belongs to the worker, so it is set for the whole file); the other pages work the
// same either way.
test.use({ serverArgs: ['--demo', '--payment-enabled'] });

const widths = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'tablet', viewport: { width: 768, height: 1024 } },
] as const;

// The phone-sized project is left out: the back office is used at a desk or on a tablet, and the
// two widths above are set here, whatever the project.
test.beforeEach(() => {
  test.skip(test.info().project.name === 'phone', 'The admin pages are tested at desktop and tablet widths');
});

/** openAs opens a staff address, signs in there as who, and waits to be back at that address. */
async function openAs(page: Page, who: { email: string; password: string }, path: string) {
  await page.goto(path);
  await signIn(page, who);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

/**
 * expectNoAxeViolations runs axe once the page has stopped moving: a notice fades in, and axe
 * measuring its text's contrast half-way through the fade would fault colours that are fine.
 */
async function expectNoAxeViolations(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
  await axeCheck(page);
}

/** crc32 is the checksum each PNG chunk ends with. */
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** png makes a small PNG of one colour: a real image, for the server to decode and re-encode. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, tail]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per sample, RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const { name, viewport } of widths) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    test('an admin adds a coach, edits them, gives them a portrait and rests them', async ({ page }) => {
      const lastName = `Park-${randomBytes(3).toString('hex')}`;
      const fullName = `Jo ${lastName}`;
      await openAs(page, demoAdmin, '/staff/coaches');
      await expect(page.getByRole('heading', { level: 1, name: 'Coaches' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'All coaches' }).getByRole('listitem').first()).toBeVisible();
      await expectNoAxeViolations(page);

      // Add.
      await page.getByRole('link', { name: 'Add a coach' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Add a coach' })).toBeVisible();
      await page.getByLabel('First name').fill('Jo');
      await page.getByLabel('Last name').fill(lastName);
      await page.getByLabel('One-liner').fill('Gentle structure for busy weeks.');
      await page.getByLabel('Specialties and personality').fill('Time management, Calm');
      await page.getByLabel('Time zone').selectOption('America/Denver');
      await page.getByLabel('About').fill('Jo coached teachers for ten years.');
      await page.getByLabel('Capacity').fill('5');
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Add coach' }).click();

      await expect(page).toHaveURL(/\/staff\/coaches$/);
      await expect(page.getByText(`${fullName} was added.`)).toBeVisible();
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: fullName }) });
      await expect(card.getByText('Taking new members')).toBeVisible();
      await expect(card.getByText('0 of 5 members')).toBeVisible();

      // Edit.
      await card.getByRole('link', { name: `Edit ${fullName}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Edit ${fullName}` })).toBeVisible();
      await expect(page.getByLabel('Time zone')).toHaveValue('America/Denver');
      await page.getByLabel('Nickname (optional)').fill('JP');
      await page.getByLabel('Capacity').fill('6');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page).toHaveURL(/\/staff\/coaches$/);
      await expect(page.getByText(`Changes to ${fullName} were saved.`)).toBeVisible();
      await expect(card.getByText('0 of 6 members')).toBeVisible();
      await expect(card.getByText('“JP”')).toBeVisible();

      // Portrait: saved as soon as it is chosen, re-encoded and served from /media/.
      await card.getByRole('link', { name: `Edit ${fullName}` }).click();
      await page.getByLabel('Choose a portrait').setInputFiles({ name: 'jo.png', mimeType: 'image/png', buffer: png(48, 48, [27, 107, 66]) });
      await expect(page.getByText('Picture saved.')).toBeVisible();
      await expect(page.getByRole('img', { name: `Portrait of ${fullName}` })).toHaveAttribute('src', /^\/media\//);
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Back to coaches' }).click();
      const portrait = card.locator('img');
      await expect(portrait).toHaveAttribute('src', /^\/media\//);
      await expect.poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const served = await page.request.get((await portrait.getAttribute('src'))!);
      expect(served.status()).toBe(200);
      expect(served.headers()['content-type']).toBe('image/jpeg');

      // Rest: they take no one new, and the list says so.
      await card.getByRole('link', { name: `Edit ${fullName}` }).click();
      await expect(page.getByRole('heading', { name: 'Rest this coach' })).toBeVisible();
      await page.getByRole('checkbox', { name: 'Taking new members' }).uncheck();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect(page).toHaveURL(/\/staff\/coaches$/);
      await expect(card.getByText('Resting')).toBeVisible();
      await expect(card.locator('img')).toHaveAttribute('src', /^\/media\//);
      await expectNoAxeViolations(page);
    });

    test('the coach form works from the keyboard alone', async ({ page }) => {
      const lastName = `Kim-${randomBytes(3).toString('hex')}`;
      await openAs(page, demoAdmin, '/staff/coaches');
      await expect(page.getByRole('link', { name: 'Add a coach' })).toBeVisible();
      // Tab from the page's heading to the link, then through the form's first fields.
      await page.getByRole('link', { name: 'Add a coach' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Add a coach' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('First name')).toBeFocused();
      await page.keyboard.type('Ari');
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('Last name')).toBeFocused();
      await page.keyboard.type(lastName);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/staff\/coaches$/);
      await expect(page.getByText(`Ari ${lastName} was added.`)).toBeVisible();
    });

    test('the server names each field it refuses, as the form expects', async ({ page }) => {
      await openAs(page, demoAdmin, '/staff/coaches');
      const input = {
        firstName: 'Jo',
        lastName: '',
        nickname: '',
        avatarUrl: '',
        oneLiner: '',
        tags: '',
        timezone: 'Mars/Olympus',
        description: '',
        introVideoUrl: 'ftp://example.com/video',
        captionsUrl: '',
        active: true,
        capacity: -1,
      };
      const refused = await page.request.post('/api/staff/coaches', { data: input });
      expect(refused.status()).toBe(400);
      const problem = await refused.json();
      expect(problem.detail).toBeTruthy();
      expect(problem.errors.map((e: { field: string }) => e.field).sort()).toEqual(['capacity', 'introVideoUrl', 'lastName', 'timezone']);
    });

    test('an admin finds staff’s access to a member in the audit log, filtered by that member', async ({ page, browser, baseURL }) => {
      // Someone on staff opens the demo member's record, in a browser of their own, as the member
      // page does.
      const theirs = await browser.newContext({ baseURL });
      const staffPage = await theirs.newPage();
      await openAs(staffPage, demoStaff, '/staff');
      const found = await (await staffPage.request.get('/api/staff/members?q=member%40demo.example.com')).json();
      const memberId: string = found.members[0].userId;
      expect((await staffPage.request.get(`/api/staff/members/${memberId}`)).status()).toBe(200);
      await theirs.close();

      await openAs(page, demoAdmin, '/staff/audit');
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      await page.getByLabel('Member id').fill(memberId);
      await page.getByRole('button', { name: 'Show entries' }).click();
      await expect(page).toHaveURL(new RegExp(`/staff/audit\\?memberId=${memberId}$`));
      const table = page.getByRole('table', { name: 'Audit log entries, newest first' });
      const first = table.getByRole('row').nth(1);
      await expect(first).toContainText('Opened member');
      await expect(first).toContainText('staff@demo.example.com');
      await expect(first.getByRole('link', { name: memberId })).toHaveAttribute('href', `/staff/members/${memberId}`);
      // Every row is this member's.
      for (const row of await table.getByRole('row').all()) {
        if ((await row.getByRole('columnheader').count()) > 0) continue;
        await expect(row.getByRole('link', { name: memberId })).toBeVisible();
      }
      await expectNoAxeViolations(page);

      // The member page's link lands on the same filtered view.
      await page.goto(`/staff/audit?memberId=${memberId}`);
      await expect(page.getByLabel('Member id')).toHaveValue(memberId);
      await expect(table.getByRole('row').nth(1)).toContainText('Opened member');
      await page.getByRole('link', { name: 'Clear filters' }).click();
      await expect(page).toHaveURL(/\/staff\/audit$/);
      await expect(page.getByLabel('Member id')).toHaveValue('');
    });

    test('an admin gives someone who just signed up the staff role', async ({ page, browser, baseURL }) => {
      // The newcomer signs up in a browser of their own.
      const theirs = await browser.newContext({ baseURL });
      const newcomer = await theirs.newPage();
      const email = await signUp(newcomer);
      expect((await (await newcomer.request.get('/api/user/me')).json()).me.role).toBe('member');

      await openAs(page, demoAdmin, '/staff/accounts');
      await expect(page.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Staff and administrators' })).toContainText('admin@demo.example.com');
      await expect(page.getByText('The person must have created a Wayfinder account first, with this same email.')).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByLabel('Their email').fill(email);
      await expect(page.getByLabel('Role', { exact: true })).toHaveValue('staff');
      await page.getByRole('button', { name: 'Give role' }).click();
      await expect(page.getByText(`${email} is now on staff.`)).toBeVisible();
      await expect(page.getByRole('rowheader', { name: email })).toBeVisible();
      expect((await (await newcomer.request.get('/api/user/me')).json()).me.role).toBe('staff');

      await theirs.close();

      // Someone who never signed up can't be given a role, and the server says why in words, which
      // the page shows as they are.
      const nobody = await page.request.put('/api/staff/accounts', { data: { email: `nobody-${randomBytes(3).toString('hex')}@example.com`, role: 'staff' } });
      expect(nobody.status()).toBe(404);
      expect((await nobody.json()).detail).toBeTruthy();
    });

    test('staff who are not admins see no admin controls and no admin pages', async ({ page }) => {
      await openAs(page, demoStaff, '/staff/coaches');
      await expect(page.getByRole('heading', { level: 1, name: 'Coaches' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'All coaches' }).getByRole('listitem').first()).toBeVisible();
      await expect(page.getByRole('link', { name: 'Add a coach' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(0);
      const nav = page.getByRole('navigation', { name: 'Staff' });
      await expect(nav.getByRole('link', { name: 'Coaches' })).toBeVisible();
      for (const adminLink of ['Audit log', 'Staff', 'Plans', 'Webhooks']) await expect(nav.getByRole('link', { name: adminLink, exact: true })).toHaveCount(0);
      await expectNoAxeViolations(page);

      for (const path of ['/staff/audit', '/staff/accounts', '/staff/plans', '/staff/webhooks', '/staff/coaches/new']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: 'This is for administrators' })).toBeVisible();
        await expect(page.getByRole('table')).toHaveCount(0);
        await expect(page.getByRole('textbox')).toHaveCount(0);
      }
      await expectNoAxeViolations(page);
      // The server refuses them too.
      expect((await page.request.get('/api/staff/audit')).status()).toBe(403);
      expect((await page.request.put('/api/staff/accounts', { data: { email: demoStaff.email, role: 'admin' } })).status()).toBe(403);
    });
  });

  test.describe(`plans, at ${name} width`, () => {
    test.use({ viewport });

    test('an admin withdraws a plan after confirming, then offers it again', async ({ page }) => {
      await openAs(page, demoAdmin, '/staff/plans');
      await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
      const plan = page.getByRole('article').first();
      await expect(plan).toBeVisible();
      const planName = (await plan.getByRole('heading', { level: 2 }).textContent())!;
      await expect(plan.getByText('Offered', { exact: true })).toBeVisible();
      await expect(plan.getByText(/\$\d[\d,.]* (per month|one-off)/)).toBeVisible();
      await expectNoAxeViolations(page);

      await plan.getByRole('button', { name: `Withdraw ${planName}` }).click();
      const dialog = page.getByRole('dialog', { name: `Withdraw ${planName}?` });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('Members who hold it now keep it')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Keep offering it' })).toBeFocused();
      await expectNoAxeViolations(page);
      // Escape changes nothing.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(plan.getByRole('button', { name: `Withdraw ${planName}` })).toBeFocused();
      await expect(plan.getByText('Offered', { exact: true })).toBeVisible();

      await plan.getByRole('button', { name: `Withdraw ${planName}` }).click();
      await dialog.getByRole('button', { name: `Withdraw ${planName}` }).click();
      await expect(page.getByText(`${planName} is withdrawn. Members who hold it keep it.`)).toBeVisible();
      await expect(plan.getByText('Withdrawn', { exact: true })).toBeVisible();
      const staffView = await (await page.request.get('/api/staff/plans')).json();
      expect(staffView.plans.find((p: { name: string }) => p.name === planName).active).toBe(false);

      await plan.getByRole('button', { name: `Offer again ${planName}` }).click();
      await expect(page.getByText(`${planName} is offered again.`)).toBeVisible();
      await expect(plan.getByText('Offered', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
