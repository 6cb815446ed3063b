import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { SurveyDefinition } from './types';

// GET /api/onboarding/definition: the survey as data, the one source of truth shared with the API.
// It changes only with a new release, so the app keeps it 10 minutes (spec §9) and the server's
// ETag makes a refresh cheap.

export function getDefinition(signal?: AbortSignal): Promise<SurveyDefinition> {
  return apiClient.get<SurveyDefinition>('onboarding/definition', { signal });
}

export const definitionQueryKey = ['survey', 'definition'] as const;

export const DEFINITION_STALE_TIME = 10 * 60 * 1000;

export function definitionQueryOptions() {
  return queryOptions({
    queryKey: definitionQueryKey,
    queryFn: ({ signal }) => getDefinition(signal),
    staleTime: DEFINITION_STALE_TIME,
    // The HTTP client already tries a busy server again.
    retry: false,
  });
}

export function useDefinition() {
  return useQuery(definitionQueryOptions());
}
