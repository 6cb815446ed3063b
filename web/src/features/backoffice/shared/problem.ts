import { HttpError } from '@/lib/api-client';

/** Problem is what an RFC 9457 answer says: the reason in words, and what to fix in each field. */
export interface Problem {
  /** detail is the server's reason, or "" when it gave none (or there was no answer at all). */
  detail: string;
  /** fields maps a field of the request body (firstName, dateOfBirth) to what to fix in it. */
  fields: Readonly<Record<string, string>>;
}

const none: Problem = { detail: '', fields: {} };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * readProblem reads a refused request's problem. Anything else (a timeout, a dropped connection,
 * an answer that isn't a problem) reads as no detail and no fields, so the caller falls back to its
 * own words and never shows a status code. The answer's body can be read once, so each error is
 * read once.
 */
export async function readProblem(error: unknown): Promise<Problem> {
  if (!(error instanceof HttpError)) return none;
  const body: unknown = await error.response.json().catch(() => undefined);
  if (!isRecord(body)) return none;
  const detail = typeof body.detail === 'string' ? body.detail : '';
  const fields: Record<string, string> = {};
  if (Array.isArray(body.errors)) {
    for (const entry of body.errors as unknown[]) {
      if (!isRecord(entry) || typeof entry.field !== 'string' || typeof entry.message !== 'string') continue;
      // The first message for a field is kept: it is the one to fix first.
      fields[entry.field] ??= entry.message;
    }
  }
  return { detail, fields };
}

/**
 * ProblemError is a refused request with what its problem said, so a form can put each message
 * beside its field and a notice can add the reason.
 */
export class ProblemError extends Error {
  readonly status: number;
  readonly problem: Problem;

  constructor(status: number, problem: Problem) {
    super(problem.detail || `Request failed with status code ${status}`);
    this.name = 'ProblemError';
    this.status = status;
    this.problem = problem;
  }
}

/** asProblemError turns an answer outside 2xx into a ProblemError; other failures stay as they are. */
export async function asProblemError(error: unknown): Promise<unknown> {
  if (!(error instanceof HttpError)) return error;
  return new ProblemError(error.response.status, await readProblem(error));
}

/** problemOf returns an error's problem: what it said if it is a ProblemError, else nothing. */
export function problemOf(error: unknown): Problem {
  return error instanceof ProblemError ? error.problem : none;
}
