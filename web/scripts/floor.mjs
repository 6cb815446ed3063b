// floor.mjs writes the performance floor into the build: performance-floor.html, a static page
// with only a survey step's heading, styled by the app's own stylesheet (its font, tokens and base
// styles), so the same binary serves it. The bench (tools/lighthouse) measures it in the same run
// as the app's first screens and reports each screen's LCP as a ratio to it: as fast as a first
// screen can be. Nothing links to it.
//
// Usage: node scripts/floor.mjs [dir]   (default: dist, next to this script's parent)

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'));

const index = await readFile(path.join(root, 'index.html'), 'utf8');
const stylesheet = /<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>/.exec(index)?.[0];
const icon = /<link rel="icon"[^>]*>/.exec(index)?.[0];
if (!stylesheet || !icon) {
  console.error(`floor: ${root}/index.html links no stylesheet or icon; run vite build first`);
  process.exit(1);
}
await writeFile(
  path.join(root, 'performance-floor.html'),
  `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="robots" content="noindex" />
    ${icon}
    <title>ADHD coaching</title>
    ${stylesheet}
  </head>
  <body>
    <h1>Nice to meet you</h1>
  </body>
</html>
`,
);
