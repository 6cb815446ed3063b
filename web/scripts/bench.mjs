// bench prints Wayfinder's performance figures (ARCHITECTURE.md section 6) in one run:
// the first screen's JS and CSS (gzip), the JS beyond React and ReactDOM alone, and same-origin
// requests before its heading paints, measured in Chromium; click Next to the next step painted;
// the coach chooser's extra JS; the binary's start-up to ready time on an existing database; and
// its idle memory. The server takes payments in its test mode, so the plan's extra JS is measured too.
// Usage: node web/scripts/bench.mjs bin/wayfinder
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from 'vite';

const binary = path.resolve(process.argv[2] ?? 'bin/wayfinder');
const dist = path.resolve(import.meta.dirname, '..', 'dist');
const dir = mkdtempSync(path.join(tmpdir(), 'wayfinder-bench-'));
const database = path.join(dir, 'wayfinder.db');

function start() {
  const t0 = performance.now();
  const proc = spawn(binary, ['serve', '--demo', '--payment-enabled', '--listen', '127.0.0.1:0', '--database-url', database, '--log-level', 'warn'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    proc.stdout.on('data', async (b) => {
      out += b;
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (!m) return;
      for (;;) {
        const res = await fetch(`${m[1]}/readyz`).catch(() => null);
        if (res?.status === 200) break;
        await new Promise((r) => setTimeout(r, 2));
      }
      resolve({ proc, url: m[1], readyMs: performance.now() - t0 });
    });
  });
}

async function stop(proc) {
  proc.removeAllListeners('exit');
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await exited;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

// The first start creates and migrates the database; start-up is then measured on it, as in
// production, where a replica starts against an existing database.
await stop((await start()).proc);
const startups = [];
for (let i = 0; i < 7; i++) {
  const s = await start();
  startups.push(s.readyMs);
  await stop(s.proc);
}

const server = await start();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

// firstScreen loads a page cold and sums the gzip size of every script and stylesheet it fetched
// (the server sends brotli, which is smaller; the budget is stated in gzip).
async function firstScreen(route, storageState) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, storageState });
  const page = await context.newPage();
  const files = new Set();
  page.on('request', (req) => {
    const u = new URL(req.url());
    if (u.origin === new URL(server.url).origin && u.pathname.startsWith('/assets/')) files.add(u.pathname);
  });
  // The moment the page's heading is painted. A heading that was in the document at the first
  // contentful paint (one the page arrived with) was painted then; one that came later, with the
  // app, is painted in the frame after it entered the document.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector('h1')) return;
      observer.disconnect();
      window.headingAddedAt = performance.now();
      requestAnimationFrame(() => requestAnimationFrame(() => { window.headingPaintedAt = performance.now(); }));
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto(server.url + route, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => window.headingPaintedAt !== undefined);
  const beforePaint = await page.evaluate(() => {
    const paint = (name) => performance.getEntriesByType('paint').find((e) => e.name === name)?.startTime ?? NaN;
    const fcp = paint('first-contentful-paint');
    const heading = fcp >= window.headingAddedAt ? fcp : window.headingPaintedAt;
    // The document itself, plus every same-origin request the browser started before the heading
    // was painted: what the member waited on to see the question.
    const early = performance.getEntriesByType('resource').filter((e) => e.startTime < heading
      && new URL(e.name).origin === location.origin);
    return { count: 1 + early.length, fcp, heading };
  });
  await context.close();
  let js = 0, css = 0;
  for (const f of files) {
    const size = gzipSize(f);
    if (f.endsWith('.js')) js += size;
    if (f.endsWith('.css')) css += size;
  }
  return { js, css, ...beforePaint };
}

// A survey step is for signed-in members: sign in once with the demo account (--demo), then load
// the step in a fresh context that has only the session cookie, so the cache is cold.
async function signedInState() {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/name-and-birth`);
  await page.getByLabel('Email').fill('member@demo.example.com');
  await page.getByLabel('Password').fill('demo-member-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/name-and-birth$/);
  const state = await context.storageState();
  await context.close();
  return state;
}

// answerSurvey saves the member's answers, through the API as the app does, to the required steps
// of the main path before until (all of them without it): the first option of each, "None of
// these" where it applies, and a name and date of birth. The journey opens a step only once the
// steps before it are answered.
async function answerSurvey(storageState, until) {
  const context = await browser.newContext({ storageState });
  const definition = await (await context.request.get(`${server.url}/api/onboarding/definition`)).json();
  const { questions } = definition;
  let head = definition.firstQuestion;
  while (questions[head].prevStep) head = questions[head].prevStep;
  const data = [];
  for (let slug = head; slug && slug !== until; slug = questions[slug].nextStep) {
    if (!questions[slug].required) continue;
    const answers =
      slug === 'name-and-birth'
        ? [['firstName', 'Sam'], ['lastName', 'Rivera'], ['dateOfBirth', '1990-04-30'], ['termsOfService', 'true'], ['device', 'iphone']]
        : [[slug === 'what-apply-to-you' ? 'none' : questions[slug].answerVariants[0].key, '']];
    data.push({ questionSlug: slug, answers: answers.map(([key, value]) => ({ key, value })) });
  }
  const res = await context.request.put(`${server.url}/api/onboarding/survey`, { data: { fromSlug: data.at(-1).questionSlug, data, utm: {} } });
  if (res.status() !== 204) throw new Error(`saving the survey answered ${res.status()}: ${await res.text()}`);
  await context.close();
}

// clickToNext walks the survey at 4x CPU throttling and takes, for each real click on Next, the
// browser's own measure of it (Event Timing): from the click until the next frame is painted, which
// is the one that shows the next step. The member answers each question first; that part is not
// timed. Event Timing reports only interactions of 16 ms or more, so a quicker one counts as 16.
async function clickToNext(storageState, transitions = 20) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, storageState });
  const page = await context.newPage();
  await page.goto(`${server.url}/how-you-identify`, { waitUntil: 'networkidle' });
  await page.evaluate(() => {
    window.benchEvents = [];
    new PerformanceObserver((list) => window.benchEvents.push(...list.getEntries()))
      .observe({ type: 'event', durationThreshold: 16 });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const times = [];
  for (let i = 0; i < transitions; i++) {
    const heading = await page.locator('h1').first().textContent();
    await page.evaluate(() => {
      const select = document.querySelector('select');
      if (select && !select.value) select.value = select.options[1].value, select.dispatchEvent(new Event('change', { bubbles: true }));
      const none = document.querySelector('input[value="none"]');
      const first = document.querySelector('input[type="radio"], input[type="checkbox"]');
      (none ?? first)?.click();
      window.benchEvents.length = 0;
    });
    await page.locator('button[type="submit"]').click();
    await page.waitForFunction((before) => {
      const now = document.querySelector('h1')?.textContent;
      return now && now !== before;
    }, heading);
    // The entry arrives after the frame it measures has been painted.
    await page.waitForTimeout(150);
    const ms = await page.evaluate(() =>
      Math.max(16, ...window.benchEvents.filter((e) => e.name === 'click' || e.name === 'pointerup').map((e) => e.duration)),
    );
    times.push(ms);
  }
  await context.close();
  return times;
}

const surveyStep = ['/how-you-identify', (page) => page.locator('h1')];
const coaches = (page) => page.getByRole('region', { name: 'Coaches' });

const gzipSize = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

// extraJS opens screens one after another from the screen a member reaches them from (a route and a
// function giving the locator that shows it is ready), and returns the scripts they fetched beyond
// those that screen had already loaded. Each screen is such a route and function.
async function extraJS(storageState, [from, fromReady], screens) {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, storageState });
  const page = await context.newPage();
  const files = new Set();
  page.on('request', (req) => {
    const u = new URL(req.url());
    if (u.pathname.startsWith('/assets/') && u.pathname.endsWith('.js')) files.add(u.pathname);
  });
  await page.goto(server.url + from, { waitUntil: 'networkidle' });
  await fromReady(page).waitFor();
  const before = new Set(files);
  for (const [route, ready] of screens) {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, route);
    await ready(page).waitFor();
    await page.waitForLoadState('networkidle');
  }
  await context.close();
  return [...files].filter((f) => !before.has(f));
}

// chooserExtra sums the gzip size of the scripts the coach chooser adds to a survey step's: the
// query client, the carousel, the cards and their copy. The Vimeo player loads only when a Vimeo video comes on screen; it is measured on its
// own, by the chunk that holds the player library.
async function chooserExtra(storageState) {
  const extra = await extraJS(storageState, surveyStep, [['/account/meet-your-coach', coaches]]);
  const vimeoChunk = readdirSync(path.join(dist, 'assets')).find((f) => f.endsWith('.js')
    && readFileSync(path.join(dist, 'assets', f), 'utf8').includes('oembed'));
  const chooserFiles = extra.filter((f) => !f.endsWith(`/${vimeoChunk}`));
  return {
    js: chooserFiles.reduce((sum, f) => sum + gzipSize(f), 0),
    files: chooserFiles.length,
    // The member's best match may have a Vimeo video, whose player then loads with the chooser.
    vimeoLoaded: chooserFiles.length < extra.length,
    vimeo: vimeoChunk ? gzipSize(`/assets/${vimeoChunk}`) : NaN,
  };
}

// planExtra sums the gzip size of the scripts the plan's steps add to the coach chooser's, from which
// a member goes on to them once a coach is chosen: the recommendation, the preview and the page that
// confirms the payment.
async function planExtra(storageState) {
  const context = await browser.newContext({ storageState });
  const res = await context.request.put(`${server.url}/api/chat/me_switch_coach`, { data: { coachId: 'maya' } });
  if (res.status() !== 200) throw new Error(`choosing a coach answered ${res.status()}: ${await res.text()}`);
  await context.close();
  const extra = await extraJS(storageState, ['/account/meet-your-coach', coaches], [
    ['/account/plan-recommendation', (page) => page.getByRole('heading', { name: 'Your plan is ready' })],
    ['/account/plan-preview', (page) => page.getByRole('heading', { name: 'Your plan at a glance' })],
    ['/account/payment-response?session_id=cs_bench', (page) => page.getByRole('heading', { level: 1 })],
  ]);
  return { js: extra.reduce((sum, f) => sum + gzipSize(f), 0), files: extra.length };
}

// reactFloor is the gzip size of React and ReactDOM alone, built by the same Vite with the same
// minifier: a page that renders one element and nothing else. The first-screen budget gives the
// app's own code (everything else) 28 KB on top of it.
async function reactFloor() {
  const root = mkdtempSync(path.join(tmpdir(), 'wayfinder-react-floor-'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="./main.js"></script>');
  writeFileSync(path.join(root, 'main.js'),
    "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\n" +
    "createRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello'));\n");
  const output = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { react: path.resolve(import.meta.dirname, '..', 'node_modules', 'react'), 'react-dom': path.resolve(import.meta.dirname, '..', 'node_modules', 'react-dom') } },
    build: { write: false, modulePreload: { polyfill: false } },
  });
  rmSync(root, { recursive: true, force: true });
  const chunks = output.output.filter((o) => o.type === 'chunk');
  return chunks.reduce((sum, c) => sum + gzipSync(c.code, { level: 9 }).length, 0);
}

const react = await reactFloor();
const screens = {};
screens['/'] = await firstScreen('/');
const member = await signedInState();
screens['/name-and-birth'] = await firstScreen('/name-and-birth', member);
// The later steps are measured as a member who has given their name and date of birth sees them.
await answerSurvey(member, 'how-you-identify');
screens['/how-you-identify'] = await firstScreen('/how-you-identify', member);
const nextTimes = await clickToNext(member);
// The chooser opens once the survey is complete.
await answerSurvey(member);
const chooser = await chooserExtra(member);
const plan = await planExtra(member);
await browser.close();

// Idle memory: after serving those pages, let the server settle, then read its resident set.
await new Promise((r) => setTimeout(r, 1500));
const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.proc.pid}/status`, 'utf8'))[1]) * 1024;
await stop(server.proc);
rmSync(dir, { recursive: true, force: true });

console.log('Wayfinder performance figures');
console.log(`  React and ReactDOM alone, built by the same Vite: ${kb(react)} gzip (${react} B), the floor of every first screen`);
for (const [route, s] of Object.entries(screens)) {
  console.log(`  first screen ${route.padEnd(18)} JS ${kb(s.js)} gzip (budget 95 KB), of it the app's own ${kb(s.js - react)} (budget 28 KB), ` +
    `CSS ${kb(s.css)} gzip (budget 15 KB), ` +
    `${s.count} same-origin requests before the heading painted (budget 4), FCP ${s.fcp.toFixed(0)} ms, heading ${s.heading.toFixed(0)} ms unthrottled`);
}
console.log(`  coach chooser         extra JS after a survey step ${kb(chooser.js)} gzip in ${chooser.files} files (budget 40 KB); ` +
  `the Vimeo player, on demand, ${kb(chooser.vimeo)} gzip more (${chooser.vimeoLoaded ? 'loaded: the first coach has a Vimeo video' : 'not loaded'})`);
console.log(`  plan steps            extra JS after the coach chooser ${kb(plan.js)} gzip in ${plan.files} files (budget 15 KB)`);
console.log(`  click Next → painted  median ${median(nextTimes).toFixed(1)} ms of ${nextTimes.length} at 4x CPU throttle (budget 30 ms; ` +
  `min ${Math.min(...nextTimes).toFixed(1)}, max ${Math.max(...nextTimes).toFixed(1)})`);
console.log(`  start-up to ready     median ${median(startups).toFixed(0)} ms of ${startups.length} (budget 1000 ms; ` +
  `min ${Math.min(...startups).toFixed(0)}, max ${Math.max(...startups).toFixed(0)})`);
console.log(`  idle RSS              ${(rss / 1024 / 1024).toFixed(1)} MB (budget 60 MB)`);
