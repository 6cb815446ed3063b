import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient, HttpError, REQUEST_TIMEOUT_MS, TimeoutError, type RequestOptions } from './api-client';
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

    await expect(apiClient.get('user/me')).resolves.toEqual({ me: { userId: 'u1' } });

    const request = fetchSpy.mock.calls[0]![0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/user/me');
    expect(request.credentials).toBe('same-origin');
  });

  it('tries a GET again when the server is briefly unavailable', async () => {
    const fetchSpy = vi.fn<typeof fetch>().mockResolvedValueOnce(answer(503)).mockResolvedValueOnce(answer(200, { ok: true }));
    vi.stubGlobal('fetch', fetchSpy);

    await expect(apiClient.get('chat/list_coaches')).resolves.toEqual({ ok: true });
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

  it('tries a PUT at most twice more, then reports the last answer', async () => {
    const fetchSpy = vi.fn<typeof fetch>().mockImplementation(() => Promise.resolve(answer(502)));
    vi.stubGlobal('fetch', fetchSpy);

    const error: unknown = await apiClient.put('onboarding/survey', { json: { a: 1 } }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe('Request failed with status code 502');
    expect(fetchSpy).toHaveBeenCalledTimes(3);
    // Every attempt carries the whole body again.
    for (const [request] of fetchSpy.mock.calls) {
      expect(await (request as Request).text()).toBe('{"a":1}');
      expect((request as Request).headers.get('Content-Type')).toBe('application/json');
    }
  });

  it('tries again when the connection drops', async () => {
    const fetchSpy = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(200, { ok: true }));
    vi.stubGlobal('fetch', fetchSpy);

    await expect(apiClient.get('onboarding/survey')).resolves.toEqual({ ok: true });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('reads an empty answer (204) as undefined', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 })));

    await expect(apiClient.put('onboarding/survey', { json: {} })).resolves.toBeUndefined();
  });

  it('gives up on an attempt after the timeout, with "Request timed out"', async () => {
    vi.useFakeTimers();
    try {
      const fetchSpy = vi.fn<typeof fetch>().mockImplementation(
        (_input, init) =>
          new Promise((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      );
      vi.stubGlobal('fetch', fetchSpy);

      const result = apiClient.get('user/me').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);

      const error = await result;
      expect(error).toBeInstanceOf(TimeoutError);
      expect((error as Error).message).toBe('Request timed out');
      expect(fetchSpy).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops at once when the caller aborts', async () => {
    const fetchSpy = vi.fn<typeof fetch>().mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const controller = new AbortController();

    const result = apiClient.get('user/me', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();

    expect(await result).toBeInstanceOf(DOMException);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
  describe('a raw body (an image upload)', () => {
    const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });

    it('sends the bytes as they are, with the file’s own type', async () => {
      const fetchSpy = vi.fn<typeof fetch>().mockResolvedValue(answer(200, { pictureUrl: '/p?v=1' }));
      vi.stubGlobal('fetch', fetchSpy);

      await expect(apiClient.put('staff/members/u-1/picture', { body: png() })).resolves.toEqual({ pictureUrl: '/p?v=1' });

      const request = fetchSpy.mock.calls[0]![0] as Request;
      expect(request.method).toBe('PUT');
      expect(request.headers.get('Content-Type')).toBe('image/png');
      expect(new Uint8Array(await request.arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    });

    it('uses the Content-Type it is given over the file’s own', async () => {
      const fetchSpy = vi.fn<typeof fetch>().mockResolvedValue(answer(200));
      vi.stubGlobal('fetch', fetchSpy);

      await apiClient.put('staff/coaches/c-1/portrait', { body: png(), contentType: 'image/webp' });

      expect((fetchSpy.mock.calls[0]![0] as Request).headers.get('Content-Type')).toBe('image/webp');
    });

    it('sends the whole file again when a PUT is tried again', async () => {
      const fetchSpy = vi.fn<typeof fetch>().mockResolvedValueOnce(answer(503)).mockResolvedValueOnce(answer(200, { ok: true }));
      vi.stubGlobal('fetch', fetchSpy);

      await expect(apiClient.put('staff/members/u-1/picture', { body: png() })).resolves.toEqual({ ok: true });

      expect(fetchSpy).toHaveBeenCalledTimes(2);
      for (const [request] of fetchSpy.mock.calls) {
        expect((await (request as Request).arrayBuffer()).byteLength).toBe(4);
        expect((request as Request).headers.get('Content-Type')).toBe('image/png');
      }
    });

    it('reports a refusal (415) at once, without trying again', async () => {
      const fetchSpy = vi.fn<typeof fetch>().mockResolvedValue(answer(415));
      vi.stubGlobal('fetch', fetchSpy);

      await expect(apiClient.put('staff/members/u-1/picture', { body: png() })).rejects.toBeInstanceOf(HttpError);
      expect(fetchSpy).toHaveBeenCalledTimes(1);
    });

    it('reports a file too large (413) at once, rather than sending it twice more', async () => {
      const fetchSpy = vi.fn<typeof fetch>().mockResolvedValue(answer(413));
      vi.stubGlobal('fetch', fetchSpy);

      await expect(apiClient.put('staff/members/u-1/picture', { body: png() })).rejects.toBeInstanceOf(HttpError);
      expect(fetchSpy).toHaveBeenCalledTimes(1);
    });

    it('takes json or a body, never both', () => {
      // The options' type rules the mix-up out, so it never reaches the server.
      // @ts-expect-error: a request carries json or a body, not both.
      const both: RequestOptions = { json: {}, body: png() };
      expect(both).toBeDefined();
    });
  });

  it('sends DELETE and reads its empty answer as undefined', async () => {
    const fetchSpy = vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchSpy);

    await expect(apiClient.delete('staff/members/u-1/picture')).resolves.toBeUndefined();
    expect((fetchSpy.mock.calls[0]![0] as Request).method).toBe('DELETE');
  });

  it('sends PATCH with its JSON body, and never repeats it', async () => {
    const fetchSpy = vi.fn<typeof fetch>().mockResolvedValue(answer(503));
    vi.stubGlobal('fetch', fetchSpy);

    await expect(apiClient.patch('staff/plans/p', { json: { active: false } })).rejects.toThrow(/503/);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(await (fetchSpy.mock.calls[0]![0] as Request).text()).toBe('{"active":false}');
  });
});
