import { isHttpStatus } from '@/lib/api-client';
import { problemDetail } from '@/lib/problem';

/**
 * RefusedError is a 409 from the coach calls: the server refused, because the coach has no room or
 * the member's journey has not reached the coaches (the survey is not complete, or a safety
 * disclosure awaits review). detail is the server's reason, written for the member, or "".
 */
export class RefusedError extends Error {
  readonly detail: string;

  constructor(detail: string, cause?: unknown) {
    super(detail || 'The request was refused', { cause });
    this.detail = detail;
    this.name = 'RefusedError';
  }
}

/** asRefused turns a 409 answer into a RefusedError with the problem's detail; other errors stay. */
export async function asRefused(error: unknown): Promise<unknown> {
  if (!isHttpStatus(error, 409)) return error;
  return new RefusedError(await problemDetail(error), error);
}
