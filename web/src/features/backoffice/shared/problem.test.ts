import { describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/api-client';
import { asProblemError, problemOf, ProblemError, readProblem } from './problem';

function refused(status: number, body: unknown) {
  return new HttpError(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/problem+json' } }));
}

describe('reading a problem', () => {
  it('reads the detail and each field’s first message', async () => {
    const problem = await readProblem(
      refused(400, {
        detail: 'Please check the profile.',
        errors: [
          { field: 'firstName', message: 'Please add a first name.' },
          { field: 'dateOfBirth', message: 'Members must be 18 or older.' },
          { field: 'dateOfBirth', message: 'A second message.' },
          { field: 3, message: 'broken' },
        ],
      }),
    );

    expect(problem).toEqual({
      detail: 'Please check the profile.',
      fields: { firstName: 'Please add a first name.', dateOfBirth: 'Members must be 18 or older.' },
    });
  });

  it('reads nothing from what is not a problem answer', async () => {
    expect(await readProblem(new TypeError('Failed to fetch'))).toEqual({ detail: '', fields: {} });
    expect(await readProblem(new HttpError(new Response('<html>', { status: 502 })))).toEqual({ detail: '', fields: {} });
  });

  it('turns a refusal into a ProblemError with its status, and leaves other failures be', async () => {
    const error = await asProblemError(refused(409, { detail: 'That coach is full.' }));

    expect(error).toBeInstanceOf(ProblemError);
    expect((error as ProblemError).status).toBe(409);
    expect(problemOf(error).detail).toBe('That coach is full.');
    const dropped = new TypeError('Failed to fetch');
    expect(await asProblemError(dropped)).toBe(dropped);
    expect(problemOf(dropped)).toEqual({ detail: '', fields: {} });
  });
});
