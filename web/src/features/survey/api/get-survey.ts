import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { SurveyState } from './types';

// GET /api/onboarding/survey: the member's saved answers, the step to resume at and the screening
// score, which only the server computes. It is read once per page: answers given on the page are
// kept by the save queue, so steps don't fetch it again, and the score screen asks afresh itself.

export function getSurvey(signal?: AbortSignal): Promise<SurveyState> {
  return apiClient.get<SurveyState>('onboarding/survey', { signal });
}

export const surveyQueryKey = ['survey', 'answers'] as const;

export function surveyQueryOptions() {
  return queryOptions({
    queryKey: surveyQueryKey,
    queryFn: ({ signal }) => getSurvey(signal),
    staleTime: Infinity,
    retry: false,
  });
}

export function useSurvey() {
  return useQuery(surveyQueryOptions());
}
