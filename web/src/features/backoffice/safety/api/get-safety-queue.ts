import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

// GET /api/staff/safety?status=open|reviewed: the members who told us of thoughts of self-harm,
// those awaiting a person's review or those reviewed already. It never carries their answers.

export type SafetyFollowUp = components['schemas']['SafetyFollowUp'];
export type SafetyQueue = components['schemas']['SafetyQueue'];
export type SafetyStatus = 'open' | 'reviewed';

export function getSafetyQueue(status: SafetyStatus, signal?: AbortSignal): Promise<SafetyQueue> {
  return apiClient.get<SafetyQueue>(`staff/safety?status=${status}`, { signal });
}

/** safetyQueryKey is the key of both lists: a review moves a member from one to the other. */
export const safetyQueryKey = ['staff', 'safety'] as const;

export function safetyQueueQueryOptions(status: SafetyStatus) {
  return queryOptions({
    queryKey: [...safetyQueryKey, status] as const,
    queryFn: ({ signal }) => getSafetyQueue(status, signal),
    select: (data) => data.followUps,
    retry: false,
  });
}

export function useSafetyQueue(status: SafetyStatus) {
  return useQuery(safetyQueueQueryOptions(status));
}
