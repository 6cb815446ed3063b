import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
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
  resetMatchingMedia();
  document.title = '';
});
