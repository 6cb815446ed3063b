import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

// GET /api/staff/coaches: every coach, resting ones included, with how many members each has and
// how many they take. Staff read it to switch a member's coach; admins manage coaches from it.

export type StaffCoach = components['schemas']['StaffCoach'];
export type StaffCoaches = components['schemas']['StaffCoaches'];

export function getStaffCoaches(signal?: AbortSignal): Promise<StaffCoaches> {
  return apiClient.get<StaffCoaches>('staff/coaches', { signal });
}

/** staffCoachesQueryKey is the list's key: writes to a coach invalidate it. */
export const staffCoachesQueryKey = ['staff', 'coaches'] as const;

export function staffCoachesQueryOptions() {
  return queryOptions({
    queryKey: staffCoachesQueryKey,
    queryFn: ({ signal }) => getStaffCoaches(signal),
    // The HTTP client already retries what is worth retrying.
    retry: false,
  });
}

/** useStaffCoaches reads every coach (the answer's coaches list). */
export function useStaffCoaches() {
  return useQuery({ ...staffCoachesQueryOptions(), select: (data) => data.coaches });
}

/** coachFullName is how a coach is named in lists: "Maya Reyes". */
export function coachFullName(coach: Pick<StaffCoach, 'firstName' | 'lastName'>): string {
  return `${coach.firstName} ${coach.lastName}`.trim();
}

/** hasRoom tells whether a coach takes a new member: active, and with a place left. */
export function hasRoom(coach: Pick<StaffCoach, 'active' | 'capacity' | 'assigned'>): boolean {
  return coach.active && coach.assigned < coach.capacity;
}
