// lighthouse.mjs runs Lighthouse (mobile, simulated throttling, the performance category) against
// the binary, three times over each of: the home page as a visitor, the first survey step and a
// later one as a signed-in member loading them cold (the session cookie and nothing cached), and
// the performance floor (web/scripts/floor.mjs), the pages in turn so that a drift of the machine
// falls on all alike. It prints each page's median score, LCP, TBT and CLS, and its LCP as a ratio
// to the floor's median in the same run, against the first-screen budgets.
//
// A package of its own, so that building and testing the app never install Lighthouse.
// Usage: node tools/lighthouse/lighthouse.mjs bin/wayfinder   (CHROME_PATH names the browser)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const runs = 3;
const binary = path.resolve(process.argv[2] ?? 'bin/wayfinder');
const dir = mkdtempSync(path.join(tmpdir(), 'wayfinder-lighthouse-'));

function start() {
  const proc = spawn(binary, ['serve', '--demo', '--listen', '127.0.0.1:0', '--database-url', path.join(dir, 'wayfinder.db'), '--log-level', 'warn'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    proc.stdout.on('data', (b) => {
      out += b;
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) resolve({ proc, url: m[1] });
    });
  });
}

const server = await start();
// The server goes when this script does, however it ends.
process.on('exit', () => server.proc.kill('SIGTERM'));
const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

// Two members, each in a browser context of their own: the demo member, signed in and on the first
// step, as after sign-in; and a new member who has answered it, so the later step opens for them
// rather than sending them back. Visitors' pages open in a context without a cookie.
const firstStep = browser.defaultBrowserContext();
const laterStep = await browser.createBrowserContext();
const visitor = await browser.createBrowserContext();

/** signIn signs in (or up) through the embedded provider's form, and waits for the first step. */
async function signIn(context, from, email, password) {
  const page = await context.newPage();
  await page.goto(`${server.url}${from}`);
  await page.waitForSelector('#email');
  await page.type('#email', email);
  await page.type('#password', password);
  await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
  // A new member may be shown "Check your inbox" first, with a button to go on.
  if (new URL(page.url()).pathname === '/idp/signup') await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
  await page.waitForFunction(() => location.pathname === '/name-and-birth');
  return page;
}

await (await signIn(firstStep, '/name-and-birth', 'member@demo.example.com', 'demo-member-password')).close();
const answering = await signIn(laterStep, '/auth/login?signup=1&returnTo=/name-and-birth', `lighthouse-${Date.now()}@example.com`, 'quiet-meadow-lighthouse');
const status = await answering.evaluate(async () => {
  const answers = [['firstName', 'Sam'], ['lastName', 'Rivera'], ['dateOfBirth', '1990-04-30'], ['termsOfService', 'true'], ['device', 'iphone']];
  const res = await fetch('/api/onboarding/survey', {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ fromSlug: 'name-and-birth', data: [{ questionSlug: 'name-and-birth', answers: answers.map(([key, value]) => ({ key, value })) }], utm: {} }),
  });
  return res.status;
});
if (status !== 204) throw new Error(`saving the first step answered ${status}`);
await answering.close();

const pages = [
  { name: 'floor', path: '/performance-floor.html', context: visitor },
  { name: '/', path: '/', context: visitor },
  { name: '/name-and-birth', path: '/name-and-birth', context: firstStep },
  { name: '/how-you-identify', path: '/how-you-identify', context: laterStep },
];
const results = Object.fromEntries(pages.map((p) => [p.name, []]));
const rerunForFont = Object.fromEntries(pages.map((p) => [p.name, 0]));

/**
 * paintedInItsFont tells whether the page's largest paint came after the app's font had arrived.
 * Every page here, the floor included, is measured with its heading in that font. Lighthouse's
 * simulated LCP counts only the requests that ended before the paint the browser saw. On the floor
 * page, the font and the first paint finish within a few milliseconds of each other. So a run in
 * which the paint won simulates a page without the font: 0.75 s against 1.05 s, by the toss of a
 * coin. The app's pages paint later than their font arrives, in every run seen.
 */
function paintedInItsFont(lhr) {
  const painted = lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint;
  const font = lhr.audits['network-requests']?.details?.items?.find((r) => r.url.endsWith('.woff2'));
  return painted === undefined || font === undefined || font.networkEndTime <= painted;
}
for (let run = 0; run < runs; run++) {
  for (const p of pages) {
    // Now and then Chromium's trace lacks the navigation's start (NO_NAVSTART), and Lighthouse
    // asks to be run again: that run is tried once more. A run in which the heading painted before
    // the app's font had arrived is run again too, a few times at most (see paintedInItsFont).
    let lhr;
    for (let attempt = 1; ; attempt++) {
      const tab = await p.context.newPage();
      // Lighthouse empties the HTTP cache before it loads the page, and keeps the cookies.
      ({ lhr } = await lighthouse(`${server.url}${p.path}`, { logLevel: 'error', output: 'json', onlyCategories: ['performance'] }, undefined, tab));
      await tab.close();
      if (lhr.runtimeError?.code === 'NO_NAVSTART' && attempt < 2) continue;
      if (lhr.runtimeError || paintedInItsFont(lhr) || attempt === 4) break;
      rerunForFont[p.name]++;
    }
    if (lhr.runtimeError) throw new Error(`${p.name}: ${lhr.runtimeError.message}`);
    const url = new URL(lhr.finalDisplayedUrl);
    if (url.pathname !== p.path) throw new Error(`${p.name} ended at ${url.pathname}`);
    results[p.name].push({
      score: Math.round(lhr.categories.performance.score * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
    });
  }
}
await browser.close();
server.proc.removeAllListeners('exit');
server.proc.kill('SIGTERM');
await new Promise((resolve) => server.proc.once('exit', resolve));
rmSync(dir, { recursive: true, force: true });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const of = (name, key) => median(results[name].map((r) => r[key]));
const verdict = (ok) => (ok ? 'ok' : 'MISSED');
const floor = of('floor', 'lcp');
console.log(`Lighthouse 12.8.2, mobile, simulated throttling, median of ${runs} runs each (runs in turns)`);
const reruns = pages.filter((p) => rerunForFont[p.name] > 0).map((p) => `${p.name} ${rerunForFont[p.name]}`);
console.log(`  performance floor      score ${of('floor', 'score')}, LCP ${(floor / 1000).toFixed(2)} s (a static page: a step's heading, the app's font)`);
console.log(`  runs again because the heading painted before its font arrived: ${reruns.length ? reruns.join(', ') : 'none'}`);
for (const p of pages.slice(1)) {
  const [score, lcp, tbt, cls] = ['score', 'lcp', 'tbt', 'cls'].map((k) => of(p.name, k));
  const ratio = lcp / floor;
  const ok = score === 100 && ratio <= 1.25 && tbt <= 30 && cls === 0;
  console.log(
    `  ${p.name.padEnd(22)} score ${score} (runs ${results[p.name].map((r) => r.score).join(', ')}), LCP ${(lcp / 1000).toFixed(2)} s, ` +
      `${ratio.toFixed(2)}× the floor, TBT ${tbt.toFixed(0)} ms, CLS ${cls.toFixed(3)} ` +
      `(budget: score 100, LCP ≤ 1.25× the floor, TBT ≤ 30 ms, CLS 0) ${verdict(ok)}`,
  );
}
