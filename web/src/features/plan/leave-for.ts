/**
 * safeHref returns url when it is an https address or one of this site's own, else undefined: an
 * address the server gave (Stripe's checkout, the test checkout's next page) is followed only then,
 * so a wrong value can never become a javascript: URL or a plain-http page elsewhere.
 */
export function safeHref(url: string): string | undefined {
  try {
    const target = new URL(url, window.location.origin);
    return target.protocol === 'https:' || target.origin === window.location.origin ? url : undefined;
  } catch {
    return undefined;
  }
}

/** leaveFor sends the browser to a safe address the server gave, and tells whether it did. */
export function leaveFor(url: string): boolean {
  const href = safeHref(url);
  if (!href) return false;
  window.location.assign(href);
  return true;
}
