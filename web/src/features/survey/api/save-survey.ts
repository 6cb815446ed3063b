import { apiClient, isHttpStatus } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';
import type { SurveySaveBody } from './types';

// PUT /api/onboarding/survey: saves one step's answers and records the member's progress. The call
// is idempotent, so the HTTP client may repeat it, and a failed save can be sent again later.

/** FieldProblem is one field the server asks to fix, from the errors of its problem answer. */
export type FieldProblem = components['schemas']['FieldError'];

/** SurveyRejectedError is a 400: the server refused the answers, so sending them again won't help. */
export class SurveyRejectedError extends Error {
  readonly problems: FieldProblem[];

  constructor(problems: FieldProblem[]) {
    super('The survey answers were refused');
    this.problems = problems;
    this.name = 'SurveyRejectedError';
  }
}

export async function saveSurvey(body: SurveySaveBody): Promise<void> {
  try {
    await apiClient.put('onboarding/survey', { json: body });
  } catch (error) {
    if (isHttpStatus(error, 400)) {
      const problem: unknown = await error.response.json().catch(() => ({}));
      const errors =
        typeof problem === 'object' && problem !== null && 'errors' in problem && Array.isArray(problem.errors)
          ? (problem.errors as FieldProblem[])
          : [];
      throw new SurveyRejectedError(errors);
    }
    throw error;
  }
}
