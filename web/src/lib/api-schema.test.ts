// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const web = fileURLToPath(new URL('../..', import.meta.url));

// The API's types are generated from the server's OpenAPI document by `npm run api-types`. This
// fails when the document has changed since: run that command and commit what it writes.
it('api-schema.ts is generated from the current OpenAPI document', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'api-schema-'));
  try {
    const fresh = path.join(dir, 'api-schema.ts');
    const cli = path.join(web, 'node_modules/openapi-typescript/bin/cli.js');
    execFileSync(process.execPath, [cli, path.join(web, '../internal/httpapi/openapi.json'), '--output', fresh], { stdio: 'pipe' });
    const committed = readFileSync(path.join(web, 'src/lib/api-schema.ts'), 'utf8');
    expect(committed === readFileSync(fresh, 'utf8'), 'src/lib/api-schema.ts is stale: run npm run api-types').toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
