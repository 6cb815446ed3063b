import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

// The binary under test: the one `make build` produced, with the app embedded.
const binary = process.env.WAYFINDER_BIN ?? path.resolve(import.meta.dirname, '..', '..', 'bin', 'wayfinder');

export type Server = {
  url: string;
  logs: () => string;
  stop: () => Promise<void>;
};

// startServer runs `wayfinder serve` on a free port, with a fresh SQLite file unless a database
// URL is given, and resolves once it prints the URL it serves.
export async function startServer(opts: { databaseUrl?: string; env?: Record<string, string>; args?: string[] } = {}): Promise<Server> {
  const dir = mkdtempSync(path.join(tmpdir(), 'wayfinder-e2e-'));
  const databaseUrl = opts.databaseUrl ?? path.join(dir, 'wayfinder.db');
  // Every test member signs up from this machine's one address, so its sign-up limit is raised.
  const args = ['serve', '--listen', '127.0.0.1:0', '--database-url', databaseUrl, '--signups-per-hour', '100000', ...(opts.args ?? [])];
  const proc: ChildProcess = spawn(binary, args, {
    env: { PATH: process.env.PATH ?? '', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  proc.stderr?.on('data', (b: Buffer) => (stderr += b.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 10 s:\n${stderr}`)), 10_000);
    proc.stdout?.on('data', (b: Buffer) => {
      stdout += b.toString();
      const m = /running at (http:\/\/\S+)/.exec(stdout);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${stderr}`));
    });
  });
  return {
    url,
    logs: () => stderr,
    stop: async () => {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// The PostgreSQL server the tests may use; developers' and CI machines have one (see README).
export const postgresURL = process.env.WAYFINDER_TEST_DATABASE_URL ?? '';

function psql(url: string, sql: string) {
  execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], { stdio: 'pipe' });
}

// createPostgresDatabase makes a throw-away database and returns its URL and a way to drop it.
export function createPostgresDatabase(): { url: string; drop: () => void } {
  const name = `wayfinder_e2e_${randomBytes(6).toString('hex')}`;
  psql(postgresURL, `CREATE DATABASE ${name}`);
  const u = new URL(postgresURL);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => psql(postgresURL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
