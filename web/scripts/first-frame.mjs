// first-frame.mjs writes the home page that paints before the app's code arrives:
// dist/.first-frame/home.html, the built index.html with the home page's first frame (rendered here
// by React from the app's own components, src/first-frame/render.tsx) in its root and its name in
// the title, and the app's script started only once that frame is on screen.
//
// Why: on a phone's network, a page the app draws paints only after its script has downloaded and
// run, about twice as late as a static page. This one paints like the static page, and the app
// then replaces the frame with the same markup, so nothing moves. Its links work from the start;
// a control only the app can answer (the colour toggle) arrives with the app (useRenderedAhead).
//
// The script is started by a small inline module once the frame has painted, rather than by a
// <script src>, which the browser would fetch before the first paint, alongside the stylesheet.
// The server allows the inline script by its hash in the Content-Security-Policy, and puts the
// brand name in place of the frame's BRAND marker (internal/httpapi/spa.go). The folder's name
// starts with a dot, so the server never sends the file as it is.
//
// Usage: node scripts/first-frame.mjs   (after vite build; writes into dist/)

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
const { homeTitle, renderHome } = await import(pathToFileURL(path.join(out, 'render.js')).href);
await rm(out, { recursive: true, force: true });

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
const start = `<script type="module">let started = false; const start = () => { if (!started) { started = true; import(${JSON.stringify(entry[1])}); } }; if (document.visibilityState !== 'visible') start(); else { new PerformanceObserver((list) => { if (list.getEntriesByName('first-contentful-paint').length) start(); }).observe({ type: 'paint', buffered: true }); setTimeout(start, 1000); }</script>`;
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const home = index
  .replace(entry[0], start)
  .replace(root, `<div id="root">${renderHome()}</div>`)
  .replace(title, `<title>${escape(homeTitle())}</title>`);
await mkdir(path.join(dist, '.first-frame'), { recursive: true });
await writeFile(path.join(dist, '.first-frame', 'home.html'), home);
