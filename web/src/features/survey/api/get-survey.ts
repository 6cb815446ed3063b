import { apiClient } from '@/lib/api-client';
import { initialDataUpdatedAt, takeInitialData } from '@/lib/initial-data';
import { useResource, type ResourceSpec } from '@/lib/resource';
import type { SurveyState } from './types';

// GET /api/onboarding/survey: the member's saved answers, the step to resume at and the screening
// score, which only the server computes. It is read once per page: answers given on the page are
// kept by the save queue, so steps don't fetch it again, and the score screen asks afresh itself.

export function getSurvey(): Promise<SurveyState> {
  return apiClient.get<SurveyState>('onboarding/survey');
}

/** initialSurvey is the answers the page arrived with (see initial-data), if they look like answers. */
function initialSurvey(): SurveyState | undefined {
  const body = takeInitialData('survey');
  const usable = typeof body === 'object' && body !== null && 'answers' in body && Array.isArray(body.answers);
  return usable ? (body as SurveyState) : undefined;
}

export const surveyResource: ResourceSpec<SurveyState> = {
  load: getSurvey,
  staleTime: Infinity,
  initial: initialSurvey,
  initialAt: initialDataUpdatedAt,
};

export function useSurvey() {
  return useResource(surveyResource);
}
