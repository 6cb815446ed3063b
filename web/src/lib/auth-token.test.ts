import { describe, expect, it } from 'vitest';
import { captureLaunchToken, clearStoredToken, getStoredToken, TOKEN_STORAGE_KEY } from './auth-token';

function address() {
  return window.location.pathname + window.location.search + window.location.hash;
}

describe('captureLaunchToken', () => {
  it('keeps the token and takes it out of the address, leaving every other parameter and the hash', () => {
    window.history.replaceState({ from: 'app' }, '', '/account/plan-recommendation?utm_source=app&token=eyJ.abc.def&ff_logout=1#plan');

    expect(captureLaunchToken()).toBe(true);

    expect(address()).toBe('/account/plan-recommendation?utm_source=app&ff_logout=1#plan');
    expect(window.history.state).toEqual({ from: 'app' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('eyJ.abc.def');
    expect(getStoredToken()).toBe('eyJ.abc.def');
  });

  it('leaves an address without a token alone', () => {
    window.history.replaceState(null, '', '/name-and-birth?utm_source=mail#top');

    expect(captureLaunchToken()).toBe(false);

    expect(address()).toBe('/name-and-birth?utm_source=mail#top');
    expect(getStoredToken()).toBeNull();
  });

  it('replaces an older token with the new one the app sends on reload', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'old');
    window.history.replaceState(null, '', '/?token=new');

    captureLaunchToken();

    expect(getStoredToken()).toBe('new');
    expect(address()).toBe('/');
  });

  it.each([
    ['empty', '/?token='],
    ['oversized', `/?token=${'x'.repeat(8193)}`],
  ])('removes an unusable (%s) token from the address without keeping it', (_, url) => {
    window.history.replaceState(null, '', url);

    expect(captureLaunchToken()).toBe(false);

    expect(address()).toBe('/');
    expect(getStoredToken()).toBeNull();
  });

  it('forgets the token on clearStoredToken', () => {
    window.history.replaceState(null, '', '/?token=abc');
    captureLaunchToken();

    clearStoredToken();

    expect(getStoredToken()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
