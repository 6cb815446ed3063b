import { spawn, execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';

// stripe-mock is Stripe's own mock of its API; .ci/run installs it with `go install
// github.com/stripe/stripe-mock@v0.203.0`. startStripeMock runs it on a free port and resolves its
// base URL once it listens.
export async function startStripeMock(): Promise<{ url: string; stop: () => Promise<void> }> {
  // stripe-mock also serves HTTPS, on port 12112 unless told otherwise, which would keep a second
  // worker's stripe-mock from starting: both take free ports.
  const proc = spawn(stripeMockBinary(), ['-http-addr', '127.0.0.1:', '-https-addr', '127.0.0.1:'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stripe-mock did not start in 15 s:\n${out}`)), 15_000);
    const read = (b: Buffer) => {
      out += b.toString();
      const m = /Listening for HTTP at address: (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(`http://${m[1]}`);
      }
    };
    proc.stdout.on('data', read);
    proc.stderr.on('data', read);
    proc.on('exit', (code) => reject(new Error(`stripe-mock exited with ${code}:\n${out}`)));
  });
  return {
    url,
    stop: async () => {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await exited;
      }
    },
  };
}

function stripeMockBinary(): string {
  if (process.env.STRIPE_MOCK) return process.env.STRIPE_MOCK;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'stripe-mock'))) return path.join(dir, 'stripe-mock');
  }
  const gopath = execFileSync('go', ['env', 'GOPATH']).toString().trim();
  const installed = path.join(gopath, 'bin', 'stripe-mock');
  if (!existsSync(installed)) throw new Error('stripe-mock is not installed; run: go install github.com/stripe/stripe-mock@v0.203.0');
  return installed;
}

// signedEvent returns a Stripe event and its Stripe-Signature header, signed with secret as Stripe
// signs webhooks: HMAC-SHA256 of "{timestamp}.{payload}".
export function signedEvent(secret: string, event: Record<string, unknown>): { payload: string; signature: string } {
  const payload = JSON.stringify(event);
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
  return { payload, signature: `t=${t},v1=${v1}` };
}
