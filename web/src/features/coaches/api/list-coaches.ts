import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

// GET /api/chat/list_coaches (spec §7): the active coaches with room for the member, the best match
// first. The fields of spec §3 come first; the rest are Wayfinder's own. The types are written from
// the API's documented shape until they are generated from the OpenAPI document.

export interface CoachMatch {
  /** topics are the coach's own tags that meet the member's needs. */
  topics: string[];
  sameTimeZone: boolean;
  /** nearTimeZone is within an hour of the member's zone, but not the same. */
  nearTimeZone: boolean;
}

export interface Coach {
  coachId: string;
  userId: string | null;
  firstName: string;
  lastName: string;
  nickname: string;
  avatarUrl: string;
  oneLiner: string;
  /** tags are specialities and personality, comma-separated. */
  tags: string;
  /** timezone is an IANA zone, such as America/Chicago. */
  timezone: string;
  description: string;
  /** introVideoUrl is a video file or a Vimeo page; empty when the coach has no video. */
  introVideoUrl: string;
  captionsUrl: string;
  /** current is true for the member's coach now. */
  current: boolean;
  recommended: boolean;
  match: CoachMatch;
}

export interface CoachesResponse {
  coaches: Coach[];
}

export function listCoaches(signal?: AbortSignal): Promise<CoachesResponse> {
  return apiClient.get<CoachesResponse>('chat/list_coaches', { signal });
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
