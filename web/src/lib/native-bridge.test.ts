import { describe, expect, it, vi } from 'vitest';
import { storeToken } from './auth-token';
import { isNativeShell, postToApp } from './native-bridge';

function installBridge(postMessage = vi.fn()) {
  window.webkit = { messageHandlers: { wayfinder: { postMessage } } };
  return postMessage;
}

describe('isNativeShell', () => {
  it('is false on an ordinary web visit', () => {
    expect(isNativeShell()).toBe(false);
  });

  it('is true once the app has handed the page a token', () => {
    storeToken('eyJ.abc.def');
    expect(isNativeShell()).toBe(true);
  });

  it('is true when the app’s message bridge is present', () => {
    installBridge();
    expect(isNativeShell()).toBe(true);
  });
});

describe('postToApp', () => {
  it('posts the message to the app’s "wayfinder" handler', () => {
    const postMessage = installBridge();

    expect(postToApp({ type: 'coach-chosen', coachId: 'c-7', saved: true })).toBe(true);

    expect(postMessage).toHaveBeenCalledExactlyOnceWith({ type: 'coach-chosen', coachId: 'c-7', saved: true });
  });

  it('does nothing, and says so, outside the app', () => {
    expect(postToApp({ type: 'auth-expired' })).toBe(false);
  });

  it('reports false when the app’s handler throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installBridge(
      vi.fn(() => {
        throw new Error('gone');
      }),
    );

    expect(postToApp({ type: 'auth-expired' })).toBe(false);
  });
});
