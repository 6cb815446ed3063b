import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

// GET /api/staff/members/{userId}: one member's page: profile, answers and score, campaign,
// progress, coaches, payment and safety disclosures. 404 when there is no such member. The server
// records each read in the audit log.

export type StaffMember = components['schemas']['StaffMember'];
export type MemberProfile = components['schemas']['Me'];

export function getMember(userId: string, signal?: AbortSignal): Promise<StaffMember> {
  return apiClient.get<StaffMember>(`staff/members/${encodeURIComponent(userId)}`, { signal });
}

export function memberQueryKey(userId: string) {
  return ['staff', 'member', userId] as const;
}

export function memberQueryOptions(userId: string) {
  return queryOptions({
    queryKey: memberQueryKey(userId),
    queryFn: ({ signal }) => getMember(userId, signal),
    retry: false,
  });
}

export function useMember(userId: string) {
  return useQuery(memberQueryOptions(userId));
}
