import { vi } from 'vitest';
import type { MeResponse } from '@/features/account/api/get-me';

// Stand-ins for the server and the browser's navigation, for tests of the sign-in flow. The app
// calls fetch (through the API client) and location.assign/replace; tests answer the first and watch the second.

export type Answer = Response | ((request: Request) => Response | Promise<Response>);

/** json builds a JSON answer, as the API sends it. */
export function json(status: number, body: unknown = {}): Response {
  const type = status >= 400 ? 'application/problem+json' : 'application/json';
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } });
}

/** never is an answer that doesn't come, for looking at the page while it waits. */
export function never(): Promise<Response> {
  return new Promise(() => undefined);
}

export const member: MeResponse = {
  me: {
    userId: 'u-1',
    email: 'member@example.com',
    emailVerified: true,
    firstName: 'Test',
    lastName: 'Member',
    dateOfBirth: null,
    device: '',
    role: 'member',
    subscription: { planId: null, status: 'none' },
    pictureUrl: null,
  },
};

/**
 * mockServer stubs fetch with answers keyed by "METHOD /path" (for example "GET /api/user/me").
 * Anything else is a 404, so a request a test didn't plan for shows up in its assertions.
 * A Response is cloned for every call, so the same answer can be given more than once.
 */
export function mockServer(answers: Record<string, Answer>) {
  const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const answer = answers[`${request.method} ${new URL(request.url).pathname}`];
    if (answer === undefined) return json(404, { title: 'Not Found', status: 404 });
    return typeof answer === 'function' ? answer(request) : answer.clone();
  });
  vi.stubGlobal('fetch', fetchSpy);
  /** requests lists the requests made so far, as "METHOD /path". */
  const requests = () =>
    fetchSpy.mock.calls.map(([input]) => {
      const request = input as Request;
      return `${request.method} ${new URL(request.url).pathname}`;
    });
  return { fetchSpy, requests };
}

/**
 * stubLocation replaces window.location with a copy whose assign and replace only record the
 * address (jsdom can't navigate, and its own location can't be spied on).
 */
export function stubLocation() {
  const real = window.location;
  const assign = vi.fn<(url: string | URL) => void>();
  const replace = vi.fn<(url: string | URL) => void>();
  vi.stubGlobal('location', {
    href: real.href,
    origin: real.origin,
    protocol: real.protocol,
    host: real.host,
    hostname: real.hostname,
    port: real.port,
    pathname: real.pathname,
    search: real.search,
    hash: real.hash,
    assign,
    replace,
    reload: vi.fn(),
    toString: () => real.href,
  });
  return { assign, replace };
}
