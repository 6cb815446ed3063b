import { describe, expect, it, vi } from 'vitest';
import { storeToken } from './auth-token';
import { forgetSignedIn, loginPath, mayBeSignedIn, originCookieValue, rememberSignedIn, writeOriginCookie } from './session';

describe('loginPath', () => {
  it.each([
    ['/name-and-birth', {}, '/auth/login?returnTo=/name-and-birth'],
    ['/name-and-birth', { signup: true }, '/auth/login?signup=1&returnTo=/name-and-birth'],
    ['/account/checkout?ff_logout=1&x=a b', {}, '/auth/login?returnTo=/account/checkout%3Fff_logout%3D1%26x%3Da%20b'],
  ])('sends %s back after sign-in (%j)', (returnTo, options, want) => {
    expect(loginPath(returnTo, options)).toBe(want);
    expect(new URL(want, 'http://x').searchParams.get('returnTo')).toBe(returnTo);
  });
});

describe('originCookieValue', () => {
  it('encodes the referrer', () => {
    expect(originCookieValue('https://search.example/?q=adhd coach;x')).toBe('https%3A%2F%2Fsearch.example%2F%3Fq%3Dadhd%20coach%3Bx');
  });

  it.each(['', '   '])('says "direct" when there is no referrer (%j)', (referrer) => {
    expect(originCookieValue(referrer)).toBe('direct');
  });

  it('caps the value at 512 characters without cutting an escape in half', () => {
    for (const pad of ['', 'a', 'aa']) {
      const value = originCookieValue(`https://example.com/${pad}${'é'.repeat(400)}`);
      expect(value.length).toBeLessThanOrEqual(512);
      expect(value.length).toBeGreaterThan(500);
      expect(() => decodeURIComponent(value)).not.toThrow();
    }
  });
});

describe('writeOriginCookie', () => {
  it('writes a one-day, site-wide, Lax cookie, Secure only over https', () => {
    const set = vi.spyOn(document, 'cookie', 'set');

    writeOriginCookie('https://friend.example/');

    expect(set).toHaveBeenCalledExactlyOnceWith('origin_register=https%3A%2F%2Ffriend.example%2F; Path=/; Max-Age=86400; SameSite=Lax');
    expect(document.cookie).toContain('origin_register=https%3A%2F%2Ffriend.example%2F');

    vi.stubGlobal('location', { ...window.location, protocol: 'https:' });
    writeOriginCookie('');
    expect(set).toHaveBeenLastCalledWith('origin_register=direct; Path=/; Max-Age=86400; SameSite=Lax; Secure');
  });
});

describe('mayBeSignedIn', () => {
  it('is false for a first-time visitor', () => {
    expect(mayBeSignedIn()).toBe(false);
  });

  it('follows the hint left by the last profile answer', () => {
    rememberSignedIn();
    expect(mayBeSignedIn()).toBe(true);
    forgetSignedIn();
    expect(mayBeSignedIn()).toBe(false);
  });

  it('is true in the native shell, which always has a token', () => {
    storeToken('eyJ.abc.def');
    expect(mayBeSignedIn()).toBe(true);
  });
});
