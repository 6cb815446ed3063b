import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearStoredToken } from '@/lib/auth-token';
import { readLaunchFlags } from '@/lib/launch-flags';
import { installMatchMedia, resetMatchingMedia } from './media';

// Tests of plain logic may run in Node (// @vitest-environment node), where there is no DOM to
// patch; every other test runs in jsdom.
if (typeof window !== 'undefined') installDomStandIns();

// jsdom implements no layout, so the browser APIs the app touches for layout and scrolling are
// given quiet stand-ins here. Tests that care about a call spy on these.
function installDomStandIns(): void {
  installMatchMedia();

  class NoopObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
    takeRecords(): [] {
      return [];
    }
  }

  globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
  globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;

  // jsdom's own window.scrollTo only reports "not implemented"; elements have no scrollTo at all.
  window.scrollTo = () => undefined;
  Element.prototype.scrollTo = function scrollTo() {};
  Element.prototype.scrollIntoView = function scrollIntoView() {};

  // Browsers resolve a relative request URL ("/api/user/me") against the page; Node's Request does
  // not, so requests are resolved against jsdom's location here, as a browser would.
  const NodeRequest = globalThis.Request;
  globalThis.Request = class PageRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
    }
  };
}

afterEach(() => {
  if (typeof window === 'undefined') return;
  cleanup();
  vi.unstubAllGlobals();
  resetMatchingMedia();
  document.title = '';
  // Each test starts as a first-time web visitor: no token, no hints, no switches, no cookies.
  clearStoredToken();
  readLaunchFlags('');
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
  delete window.webkit;
  window.history.replaceState(null, '', '/');
});
