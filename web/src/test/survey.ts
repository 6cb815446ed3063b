import type { SurveyState } from '@/features/survey/api/types';
import { answeredBefore, testDefinition } from '@/features/survey/test-definition';
import { finishedRealSurvey, realDefinition } from './definition';
import { json } from './api';

/**
 * finishedSurvey answers the survey's two reads (the definition and the member's state) for a
 * member who has answered every required step: the account area opens to them. state changes what
 * the server says, for a member with a coach (coachId) or a safety hold, say. real answers with
 * the definition the server serves, for what the small test definition leaves out (the steps
 * after the chooser).
 */
export function finishedSurvey(state: Partial<SurveyState> = {}, { real = false }: { real?: boolean } = {}) {
  return {
    'GET /api/onboarding/definition': json(200, real ? realDefinition : testDefinition),
    'GET /api/onboarding/survey': json(200, {
      answers: real ? finishedRealSurvey() : answeredBefore(),
      resumeAt: 'pre-account',
      score: null,
      highLikelihood: false,
      safetyHold: false,
      coachId: null,
      paid: false,
      ...state,
    } satisfies SurveyState),
  };
}
