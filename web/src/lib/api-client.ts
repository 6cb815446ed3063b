import ky from 'ky';
import { getStoredToken } from './auth-token';

// The one HTTP client of the app. Every call to our API goes through it so that timeouts, retries
// and credentials behave the same everywhere. On the web, sign-in lives in an HttpOnly cookie on the
// same origin, so the browser sends it and page code never sees a token. Inside the native shell
// the app hands the page a token instead (see auth-token.ts), sent here as a bearer token.

/** retriedStatusCodes are answers worth one more try: the server was busy or briefly away. */
export const retriedStatusCodes = [408, 413, 429, 500, 502, 503, 504] as const;

/** retriedMethods are the methods that are safe to repeat (PUT is idempotent in our API). */
export const retriedMethods = ['get', 'put', 'head', 'delete', 'options', 'trace'] as const;

export const apiClient = ky.create({
  prefixUrl: '/api',
  timeout: 10_000,
  credentials: 'same-origin',
  retry: {
    limit: 2,
    methods: [...retriedMethods],
    statusCodes: [...retriedStatusCodes],
  },
  hooks: {
    beforeRequest: [
      (request) => {
        // Read on every request, not once: the shell may reload the page with a fresh token, and
        // signing out removes it.
        const token = getStoredToken();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
  },
});
