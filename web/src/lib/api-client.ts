import { getStoredToken } from './auth-token';

// The one HTTP client of the app. Every call to our API goes through it so that timeouts, retries
// and credentials behave the same everywhere (spec §9). On the web, sign-in lives in an HttpOnly
// cookie on the same origin, so the browser sends it and page code never sees a token. Inside the
// native shell the app hands the page a token instead (see auth-token.ts), sent as a bearer token.
//
// It is a small wrapper over fetch rather than ky: ky cost 4.9 KB gzip of the first screen, which
// the survey step's 100 KB budget could not spare, and the app needs only what is written here.

/** retriedStatusCodes are answers worth another try: the server was busy or briefly away. */
export const retriedStatusCodes: readonly number[] = [408, 413, 429, 500, 502, 503, 504];

/** retriedMethods are the methods that are safe to repeat (PUT is idempotent in our API). */
export const retriedMethods: readonly string[] = ['GET', 'PUT', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE'];

/** REQUEST_TIMEOUT_MS bounds each attempt, so a stalled connection never leaves a spinner forever. */
export const REQUEST_TIMEOUT_MS = 10_000;

/** RETRY_LIMIT is how many times a failed request is tried again, after the first attempt. */
export const RETRY_LIMIT = 2;

/** HttpError is an answer with a status outside 2xx. The response is there to read the problem. */
export class HttpError extends Error {
  readonly response: Response;

  constructor(response: Response) {
    super(`Request failed with status code ${response.status}`);
    this.name = 'HttpError';
    this.response = response;
  }
}

/** TimeoutError is an attempt that got no answer within REQUEST_TIMEOUT_MS. */
export class TimeoutError extends Error {
  constructor() {
    super('Request timed out');
    this.name = 'TimeoutError';
  }
}

interface CommonOptions {
  signal?: AbortSignal;
  /** prefix replaces /api for the few calls outside the API (/auth/logout). */
  prefix?: string;
}

interface JsonBody {
  /** json is sent as the body, as application/json. */
  json?: unknown;
  body?: never;
  contentType?: never;
}

interface RawBody {
  json?: never;
  /**
   * body is sent as it is, byte for byte: an image for an upload. Its Content-Type is contentType,
   * or else the Blob's own type (a File's type is the one the browser read from the file).
   */
  body: Blob;
  contentType?: string;
}

/** RequestOptions carry a JSON body or a raw one, never both: the types rule the mix-up out. */
export type RequestOptions = CommonOptions & (JsonBody | RawBody);

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('The request was aborted', 'AbortError'));
      },
      { once: true },
    );
  });

/**
 * retryDelay waits longer after each failure (0.3 s, then 0.6 s), or as long as the server asked in
 * Retry-After, up to the request timeout.
 */
function retryDelay(attempt: number, response?: Response): number {
  const asked = Number(response?.headers.get('Retry-After'));
  if (Number.isFinite(asked) && asked > 0) return Math.min(asked * 1000, REQUEST_TIMEOUT_MS);
  return 300 * 2 ** (attempt - 1);
}

/** attempt sends one request, giving up after REQUEST_TIMEOUT_MS or when the caller aborts. */
async function attempt(request: Request, signal?: AbortSignal): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forward = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forward, { once: true });
  try {
    return await fetch(request, { signal: controller.signal });
  } catch (error) {
    if (timedOut) throw new TimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

/**
 * worthRetrying tells whether an answer's status is worth another try of the same request. A file
 * refused as too large (413) is as large on every try, so an upload is not sent again for it; JSON
 * bodies keep the spec's retry of 413.
 */
function worthRetrying(status: number, options: RequestOptions): boolean {
  return retriedStatusCodes.includes(status) && !(status === 413 && options.body);
}

async function send(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  // Read on every request, not once: the shell may reload the page with a fresh token, and signing
  // out removes it.
  const token = getStoredToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set('Content-Type', 'application/json');
  } else if (options.body) {
    // The bytes are read once, up front: every attempt below then sends the very same bytes, and
    // fetch implementations that don't know this environment's Blob (Node's, under jsdom) still
    // send them rather than the text "[object File]".
    body = await options.body.arrayBuffer();
    const type = options.contentType ?? options.body.type;
    if (type) headers.set('Content-Type', type);
  }
  const url = `${options.prefix ?? '/api'}/${path}`;
  const retries = retriedMethods.includes(method) ? RETRY_LIMIT : 0;

  for (let tries = 0; ; tries++) {
    // A Request's body can be read once, so every attempt gets a fresh one.
    const request = new Request(url, { method, headers, body, credentials: 'same-origin' });
    let response: Response | undefined;
    try {
      response = await attempt(request, options.signal);
    } catch (error) {
      // A dropped connection is worth another try; a timeout or the caller's abort is not.
      if (error instanceof TimeoutError || options.signal?.aborted || tries >= retries) throw error;
    }
    if (response?.ok) return response;
    if (response && (tries >= retries || !worthRetrying(response.status, options))) throw new HttpError(response);
    await sleep(retryDelay(tries + 1, response), options.signal);
  }
}

/** readJSON reads an answer's JSON body; an empty body (204) reads as undefined. */
async function readJSON<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

export const apiClient = {
  get: async <T>(path: string, options?: RequestOptions) => readJSON<T>(await send('GET', path, options)),
  /** getResponse is a GET whose answer is read by the caller: a file to download, say. */
  getResponse: (path: string, options?: RequestOptions) => send('GET', path, options),
  put: async <T = void>(path: string, options?: RequestOptions) => readJSON<T>(await send('PUT', path, options)),
  post: async <T = void>(path: string, options?: RequestOptions) => readJSON<T>(await send('POST', path, options)),
  patch: async <T = void>(path: string, options?: RequestOptions) => readJSON<T>(await send('PATCH', path, options)),
  delete: async <T = void>(path: string, options?: RequestOptions) => readJSON<T>(await send('DELETE', path, options)),
};

/** isHttpStatus tells whether an error is an answer with the given status. */
export function isHttpStatus(error: unknown, status: number): error is HttpError {
  return error instanceof HttpError && error.response.status === status;
}
