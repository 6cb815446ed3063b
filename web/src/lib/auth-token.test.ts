import { describe, expect, it } from 'vitest';
import { captureLaunchToken, clearStoredToken, getStoredToken, pendingToken, settlePendingToken, tokenSubject, TOKEN_STORAGE_KEY } from './auth-token';

// jwtFor makes an unsigned token naming sub: the page only reads the claim, the server verifies.
function jwtFor(sub: string, extra = ''): string {
  const payload = btoa(JSON.stringify({ sub, extra })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `eyJhbGciOiJSUzI1NiJ9.${payload}.c2ln`;
}

function address() {
  return window.location.pathname + window.location.search + window.location.hash;
}

describe('captureLaunchToken', () => {
  it('takes the token out of the address, leaving every other parameter and the hash', () => {
    const token = jwtFor('member-1');
    window.history.replaceState({ from: 'app' }, '', `/account/plan-recommendation?utm_source=app&token=${token}&ff_logout=1#plan`);

    expect(captureLaunchToken()).toBe(true);

    expect(address()).toBe('/account/plan-recommendation?utm_source=app&ff_logout=1#plan');
    expect(window.history.state).toEqual({ from: 'app' });
    expect(pendingToken()).toBe(token);
    settlePendingToken(true);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(token);
    expect(getStoredToken()).toBe(token);
  });

  it('leaves an address without a token alone', () => {
    window.history.replaceState(null, '', '/name-and-birth?utm_source=mail#top');

    expect(captureLaunchToken()).toBe(false);

    expect(address()).toBe('/name-and-birth?utm_source=mail#top');
    expect(getStoredToken()).toBeNull();
  });

  it('replaces an older token of the same account with the new one the app sends on reload', () => {
    const older = jwtFor('member-1', 'older');
    const fresh = jwtFor('member-1', 'fresh');
    localStorage.setItem(TOKEN_STORAGE_KEY, older);
    window.history.replaceState(null, '', `/?token=${fresh}`);

    captureLaunchToken();

    expect(getStoredToken()).toBe(fresh);
    expect(pendingToken()).toBeNull();
    expect(address()).toBe('/');
  });

  it.each([
    ['a stored token of another account', () => localStorage.setItem(TOKEN_STORAGE_KEY, jwtFor('member-1'))],
    ['no stored token, and perhaps a web session', () => undefined],
    ['a stored token it cannot read', () => localStorage.setItem(TOKEN_STORAGE_KEY, 'opaque')],
  ])('holds the token back when the page has %s, until it is clear whose it is', (_, arrange) => {
    arrange();
    const before = getStoredToken();
    const other = jwtFor('member-2');
    window.history.replaceState(null, '', `/name-and-birth?token=${other}`);

    expect(captureLaunchToken()).toBe(true);

    expect(address()).toBe('/name-and-birth');
    expect(getStoredToken()).toBe(before);
    expect(pendingToken()).toBe(other);

    settlePendingToken(true);
    expect(getStoredToken()).toBe(other);
    expect(pendingToken()).toBeNull();
  });

  it('keeps the page’s account when the member stays', () => {
    const mine = jwtFor('member-1');
    localStorage.setItem(TOKEN_STORAGE_KEY, mine);
    window.history.replaceState(null, '', `/?token=${jwtFor('member-2')}`);
    captureLaunchToken();

    settlePendingToken(false);

    expect(getStoredToken()).toBe(mine);
    expect(pendingToken()).toBeNull();
  });

  it.each([
    ['a JWT', jwtFor('member-1'), 'member-1'],
    ['no payload', 'abc', null],
    ['a payload that is not JSON', 'a.bm90IGpzb24.c', null],
    ['no subject', 'a.e30.c', null],
  ])('reads the subject of %s', (_, token, want) => {
    expect(tokenSubject(token)).toBe(want);
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
    settlePendingToken(true);

    clearStoredToken();

    expect(getStoredToken()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
