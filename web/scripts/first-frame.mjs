// first-frame.mjs writes the pages that paint before the app's code arrives, into dist/.first-frame/:
//   - home.html: the built index.html with the home page's first frame in its root and its name in
//     the title;
//   - steps/<slug>.html and steps/<slug>.payment.html: the same for each survey step a member may
//     open by its address, as a member sees it who stands there for the first time, without
//     payment and with it; and steps.json, which says what the steps' frames were rendered from.
// Each frame is rendered here by React from the app's own components (src/first-frame/render.tsx),
// and the app's script starts only once the frame is on screen.
//
// Why: on a phone's network, a page the app draws paints only after its script has downloaded and
// run, about twice as late as a static page. These paint like the static page, and the app then
// replaces the frame with the same markup, so nothing moves. Links work from the start; a control
// only the app can answer arrives with the app, or is inert until then (useRenderedAhead).
//
// The script is started by a small inline module once the frame has painted, rather than by a
// <script src>, which the browser would fetch before the first paint, alongside the stylesheet.
// It also starts the scripts a JSON block with the id "start-with" lists, which the server adds to
// a step's page: the step's own code. The server allows the inline script by its hash in the
// Content-Security-Policy, and puts the brand name, the member's names and today's date in place of
// the frames' markers (internal/httpapi/spa.go, first_frame.go). The folder's name starts with a
// dot, so the server never sends these files as they are.
//
// The steps are rendered from the survey's definition as the server serves it, which
// tools/surveydefinition prints: this runs it, with Go, or reads what it printed from the file
// SURVEY_DEFINITION_FILE names, where the build has no Go (deploy/Containerfile's web stage).
//
// Usage: node scripts/first-frame.mjs   (after vite build; writes into dist/)
//        SURVEY_DEFINITION_FILE=definition.json node scripts/first-frame.mjs

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist');
// Inside node_modules, so that the rendering code finds React and the rest where Node looks.
const out = path.join(web, 'node_modules', '.first-frame');

// The same plugins and aliases as vite.config.ts, so the CSS modules' class names are the ones the
// browser build gave them; its output settings (file groups, manifest) are for browsers only.
await build({
  root: web,
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  resolve: {
    alias: {
      '@': path.join(web, 'src'),
      'use-sync-external-store/shim/index.js': path.join(web, 'src', 'lib', 'use-sync-external-store.ts'),
    },
  },
  build: { ssr: 'src/first-frame/render.tsx', outDir: out, emptyOutDir: true },
});
const { monthNames, renderHome, renderSteps } = await import(pathToFileURL(path.join(out, 'render.js')).href);

const index = await readFile(path.join(dist, 'index.html'), 'utf8');
const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/.exec(index);
const root = '<div id="root"></div>';
const title = /<title>[^<]*<\/title>/;
if (!entry || !index.includes(root) || !title.test(index)) {
  console.error('first-frame: dist/index.html has no entry script, empty #root or title; run vite build first');
  process.exit(1);
}
// Started once the browser reports the first contentful paint, or after a second if it never
// does; at once in a hidden tab.
const start = `<script type="module">let started = false; const start = () => { if (started) return; started = true; const more = document.getElementById('start-with'); for (const src of [${JSON.stringify(entry[1])}, ...(more ? JSON.parse(more.textContent) : [])]) import(src); }; if (document.visibilityState !== 'visible') start(); else { new PerformanceObserver((list) => { if (list.getEntriesByName('first-contentful-paint').length) start(); }).observe({ type: 'paint', buffered: true }); setTimeout(start, 1000); }</script>`;
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const page = (frame) =>
  index
    .replace(entry[0], start)
    .replace(root, `<div id="root">${frame.root}</div>`)
    .replace(title, `<title>${escape(frame.title)}</title>`);

const definition = process.env.SURVEY_DEFINITION_FILE
  ? await readFile(process.env.SURVEY_DEFINITION_FILE)
  : execFileSync('go', ['run', './tools/surveydefinition'], { cwd: path.join(web, '..'), maxBuffer: 16 << 20 });
const steps = await renderSteps(JSON.parse(definition.toString('utf8')));
const folder = path.join(dist, '.first-frame');
await rm(folder, { recursive: true, force: true });
await mkdir(path.join(folder, 'steps'), { recursive: true });
await writeFile(path.join(folder, 'home.html'), page(await renderHome()));
for (const [slug, frames] of Object.entries(steps)) {
  await writeFile(path.join(folder, 'steps', `${slug}.html`), page(frames.plain));
  await writeFile(path.join(folder, 'steps', `${slug}.payment.html`), page(frames.payment));
}
const manifest = { definitionSha256: createHash('sha256').update(definition).digest('hex'), months: monthNames(), steps: Object.keys(steps) };
await writeFile(path.join(folder, 'steps.json'), JSON.stringify(manifest));
// Only now: the rendering code loads parts of the app from there as it renders them.
await rm(out, { recursive: true, force: true });
