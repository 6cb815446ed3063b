import { apiClient } from '@/lib/api-client';
import { initialDataUpdatedAt, takeInitialData } from '@/lib/initial-data';
import { useResource, type ResourceSpec } from '@/lib/resource';
import type { SurveyDefinition } from './types';

// GET /api/onboarding/definition: the survey as data, the one source of truth shared with the API.
// It changes only with a new release, so the app keeps it 10 minutes (spec §9) and the server's
// ETag makes a refresh cheap.

export function getDefinition(): Promise<SurveyDefinition> {
  return apiClient.get<SurveyDefinition>('onboarding/definition');
}

export const DEFINITION_STALE_TIME = 10 * 60 * 1000;

/** initialDefinition is the definition the page arrived with (see initial-data), if it looks like one. */
function initialDefinition(): SurveyDefinition | undefined {
  const body = takeInitialData('definition');
  const usable = typeof body === 'object' && body !== null && 'questions' in body && typeof body.questions === 'object' && body.questions !== null;
  return usable ? (body as SurveyDefinition) : undefined;
}

export const definitionResource: ResourceSpec<SurveyDefinition> = {
  load: getDefinition,
  staleTime: DEFINITION_STALE_TIME,
  initial: initialDefinition,
  initialAt: initialDataUpdatedAt,
};

export function useDefinition() {
  return useResource(definitionResource);
}
