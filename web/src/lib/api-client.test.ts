import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from './api-client';
import { storeToken } from './auth-token';

function answer(status: number, body: unknown = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('apiClient', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends requests under /api with the same-origin cookie policy', async () => {
    const fetchSpy = vi.fn<typeof fetch>().mockResolvedValue(answer(200, { me: { userId: 'u1' } }));
    vi.stubGlobal('fetch', fetchSpy);

    await expect(apiClient.get('user/me').json()).resolves.toEqual({ me: { userId: 'u1' } });

    const request = fetchSpy.mock.calls[0]![0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/user/me');
    expect(request.credentials).toBe('same-origin');
  });

  it('tries a GET again when the server is briefly unavailable', async () => {
    const fetchSpy = vi.fn<typeof fetch>().mockResolvedValueOnce(answer(503)).mockResolvedValueOnce(answer(200, { ok: true }));
    vi.stubGlobal('fetch', fetchSpy);

    await expect(apiClient.get('chat/list_coaches').json()).resolves.toEqual({ ok: true });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('never repeats a POST, which may not be safe to send twice', async () => {
    const fetchSpy = vi.fn<typeof fetch>().mockResolvedValue(answer(503));
    vi.stubGlobal('fetch', fetchSpy);

    await expect(apiClient.post('anything', { json: {} })).rejects.toThrow(/503/);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('does not retry an answer that will not change, such as 404', async () => {
    const fetchSpy = vi.fn<typeof fetch>().mockResolvedValue(answer(404));
    vi.stubGlobal('fetch', fetchSpy);

    await expect(apiClient.get('nothing')).rejects.toThrow(/404/);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('sends no Authorization header on the web, where the session is a cookie', async () => {
    const fetchSpy = vi.fn<typeof fetch>().mockResolvedValue(answer(200));
    vi.stubGlobal('fetch', fetchSpy);

    await apiClient.get('user/me');

    expect((fetchSpy.mock.calls[0]![0] as Request).headers.has('Authorization')).toBe(false);
  });

  it('sends the native shell’s token as a bearer token', async () => {
    const fetchSpy = vi.fn<typeof fetch>().mockResolvedValue(answer(200));
    vi.stubGlobal('fetch', fetchSpy);
    storeToken('eyJ.abc.def');

    await apiClient.get('user/me');

    expect((fetchSpy.mock.calls[0]![0] as Request).headers.get('Authorization')).toBe('Bearer eyJ.abc.def');
  });
});
