import type { Page } from '@playwright/test';
import { test, expect, appStarted, expectNoAxeViolations, onStep, signIn, signUp } from './fixtures';
import { startServer, createPostgresDatabase, postgresURL } from './server';

/**
 * holdScripts holds the app's scripts back until release is called, so a test can look at the page
 * as it arrived; asked counts the requests for them.
 */
async function holdScripts(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  await page.route('**/assets/*.js', async (route) => {
    asked++;
    await held;
    await route.continue();
  });
  return { release, asked: () => asked };
}

/** answerNameAndBirth fills in name-and-birth for firstName King, born in 1990 with an iPhone, and presses Next. */
async function answerNameAndBirth(page: Page, firstName: string) {
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('King');
  await page.getByLabel('Year').selectOption('1990');
  await page.getByLabel('iPhone').check();
  await page.getByLabel(/I agree to the/).check();
  await page.getByRole('button', { name: 'Next' }).click();
}

test.describe('the app is served', () => {
  test('a deep link gets the app, which asks a visitor to sign in and keeps the way back', async ({ page }) => {
    const response = await page.goto('/account/meet-your-coach');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    expect(response?.headers()['cache-control']).toBe('no-cache');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });

  test('a survey step deep link gets the app', async ({ page }) => {
    const response = await page.goto('/how-you-identify');
    expect(response?.headers()['content-type']).toContain('text/html');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });

  test('the runtime config reaches the page and names the brand', async ({ page }) => {
    await page.goto('/');
    const config = JSON.parse((await page.locator('#runtime-config').textContent()) ?? '{}');
    expect(config.brandName).toBe('Wayfinder');
    await expect(page).toHaveTitle(/Wayfinder/);
  });

  test("a visitor's home page loads one script: the code that reads data waits for a page that does", async ({ page }) => {
    const scripts: string[] = [];
    const asked: string[] = [];
    page.on('request', (req) => {
      asked.push(new URL(req.url()).pathname);
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByRole('link', { name: 'Get started' })).toBeVisible();
    expect(scripts).toHaveLength(1);
    // The tab's icon comes in the page, not in a request of its own.
    expect(asked).not.toContain('/favicon.svg');
    expect(await page.locator('link[rel="icon"]').count()).toBe(1);
    expect(await page.evaluate(() => document.querySelectorAll('link[rel="modulepreload"]').length)).toBe(0);
    // TanStack Query's options keep their names when minified: none is in the one script.
    expect(await (await page.request.get(scripts[0])).text()).not.toContain('gcTime');
  });

  test('the home page paints before its script arrives, and the app then takes it over', async ({ page }) => {
    // The app's code is held back until the page has been looked at.
    const scripts = await holdScripts(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Coaching that works with your ADHD brain, not against it' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'Wayfinder home' })).toBeVisible();
    await expect(page).toHaveTitle('ADHD coaching for adults · Wayfinder');
    // The colour toggle, which only the app can answer, is not there yet to be pressed in vain.
    await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveCount(0);
    expect(await page.locator('script[src]').count()).toBe(0);
    await expectNoAxeViolations(page);

    scripts.release();
    await expect.poll(scripts.asked).toBeGreaterThan(0);
    // The app brings the toggle, and the choice holds from the next visit's first paint on.
    await page.getByRole('button', { name: 'Dark mode' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await page.unroute('**/assets/*.js');
    await page.route('**/assets/*.js', () => new Promise<void>(() => {}));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Coaching that works with your ADHD brain, not against it' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-color-scheme', 'dark');
  });

  test("a signed-in member's home page offers Continue in the card's place, and nothing below it moves", async ({ page }) => {
    await signUp(page);
    const scripts = await holdScripts(page);
    // The page arrives drawn for everyone, with the visitor's way in, until the app finds a member.
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Get started' })).toBeVisible();
    const fact = page.getByText('Fewer than 20% of adults with ADHD are diagnosed and treated.');
    const before = await fact.boundingBox();

    scripts.release();
    await expect(page.getByRole('link', { name: 'Continue where you left off' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get started' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2, name: 'Good to see you again' })).toBeVisible();
    expect(await fact.boundingBox()).toEqual(before);
    await expectNoAxeViolations(page);
  });

  test('a visitor who follows Get started before the app has started keeps the campaign they came with', async ({ page }) => {
    await page.route('**/assets/*.js', () => new Promise<void>(() => {}));
    await page.goto('/?utm_source=newsletter&utm_campaign=spring');
    await page.unroute('**/assets/*.js');
    await page.getByRole('link', { name: 'Get started' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('utm'))) ?? '{}')).toEqual({ utm_source: 'newsletter', utm_campaign: 'spring' });
  });

  test('a press on Get started that the app starts in the middle of still goes on to sign-up', async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto('/');
    const box = await page.getByRole('link', { name: 'Get started' }).boundingBox();
    if (!box) throw new Error('Get started has no box');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    scripts.release();
    await expect.poll(scripts.asked).toBeGreaterThan(0);
    // The app is ready with the press still down; it takes the page over once the press has ended.
    await page.waitForTimeout(1000);
    await page.mouse.up();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  });

  test("a member's survey step paints before its scripts arrive, and the app then takes it over without a move", async ({ page }) => {
    await signUp(page);
    const scripts = await holdScripts(page);
    // name-and-birth, as a new member finds it after sign-up: the form starts at today 18 years ago.
    await page.reload();
    const heading = page.getByRole('heading', { level: 1, name: 'Nice to meet you' });
    await expect(page.locator('h1')).toHaveText('Nice to meet you');
    await expect(page).toHaveTitle('Nice to meet you · Wayfinder');
    expect(await page.locator('script[src]').count()).toBe(0);
    const today = new Date();
    const month = today.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
    await expect(page.locator('select').nth(0)).toHaveText(month);
    await expect(page.locator('select').nth(2)).toHaveText(String(today.getUTCFullYear() - 18));
    // Until the app has started, the form's controls are there to be seen, not used; its heading
    // and words are there for screen readers too.
    const inert = (selector: string) => page.locator(selector).first().evaluate((el) => el.closest('[inert]') !== null);
    for (const control of ['input[autocomplete="given-name"]', 'select', 'input[value="iphone"]', 'input[type="checkbox"]', 'button[type="submit"]']) {
      expect(await inert(control), control).toBe(true);
    }
    expect(await inert('h1')).toBe(false);
    await expectNoAxeViolations(page);
    const before = await page.locator('h1').boundingBox();

    scripts.release();
    await appStarted(page);
    await expect(heading).toBeVisible();
    await expect(page.getByLabel('Month')).toHaveValue(String(today.getUTCMonth() + 1));
    expect(await page.locator('[inert]').count()).toBe(0);
    expect(await page.locator('h1').boundingBox()).toEqual(before);
    await answerNameAndBirth(page, 'Ada <Lovelace>');
    await expect(page.getByRole('heading', { level: 1, name: 'How do you identify, Ada <Lovelace>?' })).toBeVisible();

    // The next step, reopened by its address, calls the member by name from the first paint.
    await page.unroute('**/assets/*.js');
    await page.route('**/assets/*.js', () => new Promise<void>(() => {}));
    await page.reload();
    await expect(page.locator('h1')).toHaveText('How do you identify, Ada <Lovelace>?');
    await expect(page).toHaveTitle('How do you identify, Ada <Lovelace>? · Wayfinder');
    await expect(page.getByRole('navigation', { name: 'Your progress' })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a member's survey steps load no query client: a step's first screen is the main script and the step's own", async ({ page }) => {
    await signUp(page);
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.reload({ waitUntil: 'networkidle' });
    await appStarted(page);
    await answerNameAndBirth(page, 'Ada');
    await onStep(page, 'how-you-identify', /How do you identify, Ada\?/);
    await page.getByRole('radio', { name: 'Prefer not to say' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/How do you identify/);
    await page.waitForLoadState('networkidle');
    // The main script, the steps' shared file and name-and-birth's form; the steps after it come
    // with the shared file or load ahead as small forms of their own.
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    // TanStack Query's options keep their names when minified: none is in any of them.
    for (const script of scripts) expect((await (await page.request.get(script)).text()).includes('gcTime'), script).toBe(false);
  });

  test('hashed assets are cached for a year and sent compressed', async ({ page, request }) => {
    await page.goto('/terms');
    const script = await page.locator('script[type="module"][src]').first().getAttribute('src');
    expect(script).toMatch(/^\/assets\//);
    const res = await request.get(script!, { headers: { 'Accept-Encoding': 'br' } });
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers()['content-encoding']).toBe('br');
  });
});

test.describe('not found', () => {
  test('an unknown page shows the Not Found page with a way home', async ({ page }) => {
    await page.goto('/this-page-does-not-exist');
    await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.getByText('The resource requested could not be found.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    await expectNoAxeViolations(page);
  });

  test('an unknown page inside /account shows the Not Found page', async ({ page }) => {
    await page.goto('/account/no-such-thing');
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  });

  test('an unknown API path answers JSON 404, never the app', async ({ request }) => {
    const res = await request.get('/api/no-such-endpoint');
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toBe('application/problem+json');
    const body = await res.json();
    expect(body).toMatchObject({ status: 404, title: 'Not Found' });
  });
});

test.describe('security', () => {
  test('security headers are on pages, assets and the API', async ({ request }) => {
    for (const path of ['/', '/account', '/api/nope', '/healthz']) {
      const res = await request.get(path);
      const h = res.headers();
      expect(h['content-security-policy'], path).toContain("frame-ancestors 'none'");
      expect(h['content-security-policy'], path).not.toContain('unsafe-inline');
      expect(h['x-content-type-options'], path).toBe('nosniff');
      expect(h['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    }
    expect((await request.get('/api/nope')).headers()['cache-control']).toBe('no-store');
  });

  test('bad API input gets a clear problem answer', async ({ request }) => {
    const form = await request.post('/api/anything', { headers: { 'Content-Type': 'text/plain' }, data: 'hello' });
    expect(form.status()).toBe(415);
    expect((await form.json()).detail).toContain('application/json');

    const big = await request.put('/api/anything', { headers: { 'Content-Type': 'application/json' }, data: 'x'.repeat(1024 * 1024 + 1) });
    expect(big.status()).toBe(413);

    const method = await request.delete('/healthz');
    expect(method.status()).toBe(405);
    expect(method.headers()['allow']).toBe('GET, HEAD');
  });
});

test.describe('readiness', () => {
  test('readyz turns 503 when the database becomes unreachable', async ({ request }) => {
    expect(postgresURL, 'WAYFINDER_TEST_DATABASE_URL (set by make test and .ci/run)').not.toBe('');
    const db = createPostgresDatabase();
    const server = await startServer({ databaseUrl: db.url });
    try {
      expect((await request.get(`${server.url}/readyz`)).status()).toBe(200);
      db.drop(); // ends every connection and removes the database
      const res = await request.get(`${server.url}/readyz`);
      expect(res.status()).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'unavailable', reason: 'database unreachable' });
      expect((await request.get(`${server.url}/healthz`)).status()).toBe(200);
    } finally {
      await server.stop();
      db.drop();
    }
  });
});
