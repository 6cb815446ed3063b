import { HttpError } from './api-client';

/**
 * problemDetail reads the detail of an RFC 9457 problem answer: the server's reason, written for
 * the member. It is "" for anything else (a timeout, a dropped connection, an answer without a
 * detail), so a caller falls back to its own words and never shows a status code. The answer's
 * body can be read once, so each error is read once.
 */
export async function problemDetail(error: unknown): Promise<string> {
  if (!(error instanceof HttpError)) return '';
  const problem: unknown = await error.response.json().catch(() => ({}));
  return typeof problem === 'object' && problem !== null && 'detail' in problem && typeof problem.detail === 'string' ? problem.detail : '';
}

/**
 * referenceOf returns a short code that names the failed request (the start of its request id), for
 * a member to quote to support; "" when there was no answer to name. Support finds the whole id,
 * and the server's log line, from its start.
 */
export function referenceOf(error: unknown): string {
  if (!(error instanceof HttpError)) return '';
  return (error.response.headers.get('X-Request-Id') ?? '').slice(0, 8);
}
