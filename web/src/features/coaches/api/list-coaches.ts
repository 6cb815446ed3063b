import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';
import { asRefused } from './refused';

// GET /api/chat/list_coaches (spec §7): the active coaches with room for the member, the best match
// first. The fields of spec §3 come first; the rest are Wayfinder's own. The types come from the
// OpenAPI document.

export type Coach = components['schemas']['Coach'];
export type CoachMatch = components['schemas']['CoachMatch'];
export type CoachesResponse = components['schemas']['CoachesResponse'];

/** listCoaches reads the coaches; a member whose journey has not reached them gets a RefusedError (409). */
export async function listCoaches(signal?: AbortSignal): Promise<CoachesResponse> {
  try {
    return await apiClient.get<CoachesResponse>('chat/list_coaches', { signal });
  } catch (error) {
    throw await asRefused(error);
  }
}

export function coachesQueryOptions() {
  return queryOptions({
    queryKey: ['coaches'] as const,
    queryFn: ({ signal }) => listCoaches(signal),
    select: (data) => data.coaches,
    // The HTTP client already retries what is worth retrying.
    retry: false,
  });
}

export function useCoaches() {
  return useQuery(coachesQueryOptions());
}
