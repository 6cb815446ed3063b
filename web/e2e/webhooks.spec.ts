import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations, signIn, signUp } from './fixtures';

// Webhooks against the real server: an admin adds one pointing at a small receiver this test runs,
// copies its secret, a new member signs up, and the receiver gets member.signed_up, signed as
// docs/webhooks.md says (checked here with Node's own crypto, the way a receiver would). The
// admin then sees the delivery marked delivered and sends it again; the repeat has the same event
// id. Both pages pass axe, on a phone and on a desktop.

const demoAdmin = { email: 'admin@demo.example.com', password: 'demo-admin-password' };

// The receiver listens on this machine's loopback interface: a private network, which webhooks
// reach only where the operator allows it. Other private networks stay out of reach.
test.use({ serverArgs: ['--demo', '--webhook-private-networks', '127.0.0.1'] });

/** Delivery is one request the receiver got. */
interface Delivery {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** startReceiver runs the operator's system: it takes every POST with 204 and keeps it. */
async function startReceiver(): Promise<{ url: string; got: Delivery[]; close: () => Promise<void> }> {
  const got: Delivery[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ path: (req.url ?? '').split('?')[0], headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, got, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** verify checks a delivery the way docs/webhooks.md tells a receiver to, and returns its event. */
function verify(secret: string, delivery: Delivery): { id: string; type: string; data: { member: { email: string } } } {
  const header = String(delivery.headers['wayfinder-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  expect(Number.isInteger(t) && Math.abs(Date.now() / 1000 - t) <= 300, `timestamp of ${header}`).toBe(true);
  const expected = createHmac('sha256', secret).update(`${parts.t}.`).update(delivery.body).digest('hex');
  const given = Buffer.from(parts.v1 ?? '', 'utf8');
  expect(given.length === expected.length && timingSafeEqual(given, Buffer.from(expected, 'utf8')), `signature ${header}`).toBe(true);
  return JSON.parse(delivery.body.toString('utf8')) as { id: string; type: string; data: { member: { email: string } } };
}

/** waitForDeliveries waits until the receiver has n deliveries at path. */
async function waitForDeliveries(got: Delivery[], path: string, n: number): Promise<Delivery[]> {
  await expect.poll(() => got.filter((d) => d.path === path).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(n);
  return got.filter((d) => d.path === path);
}

/** openAs opens a staff address, signs in there as who, and waits to be back at that address. */
async function openAs(page: Page, who: { email: string; password: string }, path: string) {
  await page.goto(path);
  await signIn(page, who);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

test('an admin adds a webhook, a sign-up reaches the receiver signed, and the delivery can be sent again', async ({ page, browser, baseURL, consoleErrors }) => {
  const receiver = await startReceiver();
  try {
    const path = `/hooks/${randomBytes(4).toString('hex')}`;
    const name = `CRM ${path.slice(-8)}`;

    await openAs(page, demoAdmin, '/staff/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    const address = page.getByRole('textbox', { name: 'Address' });
    await page.getByRole('textbox', { name: 'Description (optional)' }).fill(name);
    await page.getByRole('checkbox', { name: 'Signed up' }).check();
    await page.getByRole('checkbox', { name: 'Chose a coach' }).check();
    // An address on a private network the operator has not allowed is refused, and says why.
    await address.fill('http://169.254.169.254/latest/meta-data/');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await expect(address).toHaveAccessibleDescription(/on a private network, and webhooks go only to public ones/);
    // Chromium logs the refusal's 400, which the test asked for.
    expect(consoleErrors).toEqual([expect.stringContaining('status of 400')]);
    consoleErrors.length = 0;
    await expectNoAxeViolations(page);
    await address.fill(`${receiver.url}${path}?token=crm-token`);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Add webhook' }).click();

    const secretField = page.getByRole('textbox', { name: 'Signing secret' });
    await expect(secretField).toHaveValue(/^whsec_/);
    const secret = await secretField.inputValue();
    await expect(page.getByRole('heading', { name: 'Copy the signing secret now' })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'I’ve saved it' }).click();
    await expect(secretField).toHaveCount(0);
    const card = page.getByRole('article', { name });
    await expect(card.getByText('On')).toBeVisible();

    // A new member signs up, in a browser of their own.
    const memberContext = await browser.newContext({ baseURL });
    const memberPage = await memberContext.newPage();
    const email = await signUp(memberPage);
    await memberContext.close();

    const [first] = await waitForDeliveries(receiver.got, path, 1);
    expect(first.headers['wayfinder-event-type']).toBe('member.signed_up');
    expect(first.headers['content-type']).toBe('application/json');
    const event = verify(secret, first);
    expect(event.id).toBe(first.headers['wayfinder-event-id']);
    expect(event.type).toBe('member.signed_up');
    expect(event.data.member.email).toBe(email);

    // The admin sees it delivered, and sends it again: the same event, with the same id.
    await card.getByRole('link', { name: `Deliveries and settings ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('button', { name: 'Refresh' }).click();
    const row = page.getByRole('row', { name: new RegExp(event.id) });
    await expect(row.getByText('Delivered')).toBeVisible();
    await expect(row.getByText('204', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await row.getByRole('button', { name: `Send again ${event.id}` }).click();
    await expect(page.getByText('It’s on its way again.')).toBeVisible();
    const deliveries = await waitForDeliveries(receiver.got, path, 2);
    const again = verify(secret, deliveries[1]);
    expect(again.id).toBe(event.id);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(row.getByText('Delivered')).toBeVisible();
  } finally {
    await receiver.close();
  }
});
