import { getStoredToken } from './auth-token';

// The native shell talks to the page through a WebKit script message handler named "wayfinder",
// and the page answers through the same channel. The contract is written down in
// docs/native-app.md; the iOS app depends on it, so message types are only ever added.

/** AppMessage is every message the page may post to the native app. */
export type AppMessage =
  /** The shell's token was refused: the app should get a fresh one and reload with ?token=. */
  | { type: 'auth-expired' }
  /**
   * The member chose a coach (posted by the coach chooser). saved is false when the choice could not
   * be stored: the app should let the member choose again there.
   */
  | { type: 'coach-chosen'; coachId: string; saved: boolean }
  /**
   * The member's payment for a plan went through (posted by the payment's answer page). status is
   * active once paid (or in a free trial), pending while the bank still confirms a payment.
   */
  | { type: 'payment-complete'; planId: string; status: 'active' | 'pending' };

interface MessageHandler {
  postMessage(message: unknown): void;
}

declare global {
  interface Window {
    webkit?: { messageHandlers?: Record<string, MessageHandler | undefined> };
  }
}

function bridge(): MessageHandler | undefined {
  return typeof window === 'undefined' ? undefined : window.webkit?.messageHandlers?.wayfinder;
}

/**
 * isNativeShell tells whether the page runs inside the native app: it was given a token, or the
 * app's message bridge is present. There, the app signs the member in, never the web flow.
 */
export function isNativeShell(): boolean {
  return getStoredToken() !== null || bridge() !== undefined;
}

/**
 * postToApp sends a message to the native app. It returns false, doing nothing, outside the app or
 * when the app's handler fails, so callers can fall back to the web's own way.
 */
export function postToApp(message: AppMessage): boolean {
  const handler = bridge();
  if (!handler) return false;
  try {
    handler.postMessage(message);
    return true;
  } catch (error) {
    console.error('The app did not take the message', message.type, error);
    return false;
  }
}
