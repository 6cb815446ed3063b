// compress.mjs writes a Brotli (.br) and a gzip (.gz) copy next to every compressible file of the
// build, so the server can send the smallest encoding a browser accepts without compressing on
// each request. It uses only Node's own zlib.
//
// Usage: node scripts/compress.mjs [dir]   (default: dist, next to this script's parent)

import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'));

// Text formats only: images and woff2 fonts are compressed already and would not get smaller.
const compressible = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.html', '.xml', '.webmanifest', '.map']);

// Below 1 KB the saving is smaller than the cost of a second lookup and a Vary header.
const minimumSize = 1024;

// The build's own notes (.vite/manifest.json) are read by the server, never sent: they are skipped.
async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

function brotli(data) {
  return brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

function gzip(data) {
  return gzipSync(data, { level: 9 });
}

async function main() {
  try {
    if (!(await stat(root)).isDirectory()) throw new Error('not a directory');
  } catch {
    console.error(`compress: ${root} is not a build directory; run vite build first`);
    process.exit(1);
  }

  let written = 0;
  let skipped = 0;
  for await (const file of walk(root)) {
    if (!compressible.has(path.extname(file).toLowerCase())) continue;
    const data = await readFile(file);
    if (data.length < minimumSize) {
      skipped++;
      continue;
    }
    for (const [ext, encode] of [
      ['.br', brotli],
      ['.gz', gzip],
    ]) {
      const encoded = encode(data);
      // A copy that is not smaller is worthless: the server would only send more bytes.
      if (encoded.length >= data.length) continue;
      await writeFile(file + ext, encoded);
      written++;
    }
  }
  console.log(`compress: wrote ${written} compressed files in ${path.relative(process.cwd(), root) || '.'} (${skipped} small files left as they are)`);
}

await main();
