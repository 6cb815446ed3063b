import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Mailpit is the real SMTP server the email tests send to; it keeps what it receives and shows it
// through a REST API. .ci/run installs it with `go install github.com/axllent/mailpit@v1.27.11`
// (the same release as internal/mail/mailtest). startMailpit runs one on free ports for a test
// file or worker; point the server at it with { WAYFINDER_SMTP_URL: mailpit.smtpURL }.

export type MailpitSummary = { id: string; from: string; to: string[]; subject: string; created: string };
export type MailpitMessage = MailpitSummary & { text: string; html: string };

export type Mailpit = {
  /** smtpURL is the WAYFINDER_SMTP_URL that sends to this Mailpit. */
  smtpURL: string;
  /** apiURL is its web API (and inbox page), for a look by hand. */
  apiURL: string;
  /** messages returns every message received so far, newest first. */
  messages: () => Promise<MailpitSummary[]>;
  /** waitForMessage waits for the newest message to `to` whose subject contains subjectContains and returns it with its parts. */
  waitForMessage: (to: string, subjectContains: string, timeoutMs?: number) => Promise<MailpitMessage>;
  stop: () => Promise<void>;
};

type Address = { Name: string; Address: string };
type ApiSummary = { ID: string; From: Address; To: Address[] | null; Subject: string; Created: string };
type ApiMessage = ApiSummary & { Text: string; HTML: string };

export async function startMailpit(): Promise<Mailpit> {
  const binary = mailpitBinary();
  // A free port can be taken by another worker between finding it and Mailpit's start: Mailpit
  // then exits at once, and is tried again on other ports.
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch(binary, await freePort(), await freePort());
    } catch (e) {
      if (!(e instanceof PortTaken) || attempt === 5) throw e;
    }
  }
}

class PortTaken extends Error {}

async function launch(binary: string, smtpPort: number, httpPort: number): Promise<Mailpit> {
  const dir = mkdtempSync(path.join(tmpdir(), 'wayfinder-mailpit-'));
  const proc: ChildProcess = spawn(
    binary,
    [
      '--smtp', `127.0.0.1:${smtpPort}`,
      '--listen', `127.0.0.1:${httpPort}`,
      '--database', path.join(dir, 'mailpit.db'),
      '--disable-version-check',
      '--smtp-disable-rdns',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  proc.stdout?.on('data', (b: Buffer) => (output += b.toString()));
  proc.stderr?.on('data', (b: Buffer) => (output += b.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGINT');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const apiURL = `http://127.0.0.1:${httpPort}`;
  const deadline = Date.now() + 15_000;
  while (!(await ready(smtpPort, apiURL))) {
    if (proc.exitCode !== null) {
      await stop();
      if (output.includes('address already in use')) throw new PortTaken(`mailpit could not listen on ${smtpPort} or ${httpPort}`);
      throw new Error(`mailpit stopped before it was ready:\n${output}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`mailpit was not ready within 15 s:\n${output}`);
    }
    await sleep(50);
  }

  const api = async <T>(p: string): Promise<T> => {
    const res = await fetch(apiURL + p);
    if (!res.ok) throw new Error(`GET mailpit ${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const messages = async () => {
    const list = await api<{ messages: ApiSummary[] }>('/api/v1/messages?limit=1000');
    return list.messages.map(summary);
  };
  return {
    smtpURL: `smtp://127.0.0.1:${smtpPort}`,
    apiURL,
    messages,
    waitForMessage: async (to, subjectContains, timeoutMs = 15_000) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = (await messages()).find((m) => m.to.includes(to.toLowerCase()) && m.subject.includes(subjectContains));
        if (found) {
          const m = await api<ApiMessage>(`/api/v1/message/${encodeURIComponent(found.id)}`);
          return { ...summary(m), text: m.Text, html: m.HTML };
        }
        if (Date.now() > until) throw new Error(`no email to ${to} about "${subjectContains}" within ${timeoutMs} ms`);
        await sleep(100);
      }
    },
    stop,
  };
}

function summary(m: ApiSummary): MailpitSummary {
  return {
    id: m.ID,
    from: m.From.Address,
    to: (m.To ?? []).map((a) => a.Address.toLowerCase()),
    subject: m.Subject,
    created: m.Created,
  };
}

// ready reports whether Mailpit itself greets on the SMTP port (not another process that holds
// it) and its API answers.
async function ready(smtpPort: number, apiURL: string): Promise<boolean> {
  const greeting = await new Promise<string>((resolve) => {
    const socket = connect(smtpPort, '127.0.0.1');
    let data = '';
    const done = (s: string) => {
      socket.destroy();
      resolve(s);
    };
    socket.setTimeout(1000, () => done(''));
    socket.on('error', () => done(''));
    socket.on('data', (b: Buffer) => {
      data += b.toString();
      if (data.includes('\n')) done(data);
    });
  });
  if (!greeting.startsWith('220 ') || !greeting.includes('Mailpit')) return false;
  try {
    return (await fetch(`${apiURL}/readyz`)).ok;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function mailpitBinary(): string {
  if (process.env.MAILPIT) return process.env.MAILPIT;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'mailpit'))) return path.join(dir, 'mailpit');
  }
  const gopath = execFileSync('go', ['env', 'GOPATH']).toString().trim();
  const installed = path.join(gopath, 'bin', 'mailpit');
  if (!existsSync(installed)) throw new Error('mailpit is not installed; run: go install github.com/axllent/mailpit@v1.27.11');
  return installed;
}
