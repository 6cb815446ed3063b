import { describe, expect, it, vi } from 'vitest';
import { json, mockServer, stubLocation } from '@/test/api';
import { getStoredToken, storeToken } from './auth-token';
import { logout } from './logout';
import { mayBeSignedIn, rememberSignedIn } from './session';

describe('logout', () => {
  it('posts to /auth/logout with no body and goes where the server says', async () => {
    const { fetchSpy } = mockServer({ 'POST /auth/logout': json(200, { redirectTo: 'http://127.0.0.1:8080/idp/logout?x=1' }) });
    const { assign } = stubLocation();

    await logout();

    const request = fetchSpy.mock.calls[0]![0] as Request;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe('/auth/logout');
    expect(request.credentials).toBe('same-origin');
    expect(await request.text()).toBe('');
    expect(assign).toHaveBeenCalledExactlyOnceWith('http://127.0.0.1:8080/idp/logout?x=1');
  });

  it('forgets the shell’s token and the signed-in hint', async () => {
    mockServer({ 'POST /auth/logout': json(200, { redirectTo: '/' }) });
    stubLocation();
    storeToken('eyJ.abc.def');
    rememberSignedIn();

    await logout();

    expect(getStoredToken()).toBeNull();
    expect(mayBeSignedIn()).toBe(false);
  });

  it.each([
    ['the server fails', () => json(500, { title: 'Internal Server Error' })],
    ['the network is down', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the answer names no web address', () => json(200, { redirectTo: 'javascript:alert(1)' })],
    ['the answer has no address', () => json(200, {})],
  ])('goes home when %s', async (_, answer) => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockServer({ 'POST /auth/logout': answer });
    const { assign } = stubLocation();

    await logout();

    expect(assign).toHaveBeenCalledExactlyOnceWith('/');
  });
});
