import { HttpError } from './api-client';

/**
 * FailureKind is what a member is told about a request that failed: the server answered with a
 * failure ("on our side", with a reference), or no answer came at all (the connection).
 */
export type FailureKind = 'server' | 'connection';

/**
 * answeredFailure finds the server's failed answer behind an error: the error itself, or the
 * cause a feature's own error (a refused checkout, say) was made from.
 */
function answeredFailure(error: unknown): HttpError | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof HttpError) return e;
  }
  return undefined;
}

/** failureKindOf sorts an error from the API client, or one made from it, into what the member is told. */
export function failureKindOf(error: unknown): FailureKind {
  return answeredFailure(error) ? 'server' : 'connection';
}

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
  return (answeredFailure(error)?.response.headers.get('X-Request-Id') ?? '').slice(0, 8);
}
