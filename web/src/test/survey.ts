import type { SurveyState } from '@/features/survey/api/types';
import { answeredBefore, testDefinition } from '@/features/survey/test-definition';
import { json } from './api';

/**
 * finishedSurvey answers the survey's two reads (the definition and the member's state) for a
 * member who has answered every required step: the account area opens to them. state changes what
 * the server says, for a member with a coach (coachId) or a safety hold, say.
 */
export function finishedSurvey(state: Partial<SurveyState> = {}) {
  return {
    'GET /api/onboarding/definition': json(200, testDefinition),
    'GET /api/onboarding/survey': json(200, {
      answers: answeredBefore(),
      resumeAt: 'pre-account',
      score: null,
      highLikelihood: false,
      safetyHold: false,
      coachId: null,
      ...state,
    } satisfies SurveyState),
  };
}
