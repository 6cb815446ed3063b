import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

// GET /api/staff/android-waitlist?after=: how many members are on the Android waitlist, and 50 of
// them at a time, newest first. after is the previous page's next; next is null on the last page.
// The server records every page read in the audit log.

export type StaffAndroidWaitlist = components['schemas']['StaffAndroidWaitlist'];
export type WaitlistEntry = StaffAndroidWaitlist['entries'][number];

export function getStaffAndroidWaitlist(after: string | undefined, signal?: AbortSignal): Promise<StaffAndroidWaitlist> {
  const query = after ? `?${new URLSearchParams({ after }).toString()}` : '';
  return apiClient.get<StaffAndroidWaitlist>(`staff/android-waitlist${query}`, { signal });
}

export function staffAndroidWaitlistQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['staff', 'android-waitlist'] as const,
    queryFn: ({ pageParam, signal }) => getStaffAndroidWaitlist(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    // The HTTP client already retries what is worth retrying.
    retry: false,
  });
}

export function useStaffAndroidWaitlist() {
  return useInfiniteQuery(staffAndroidWaitlistQueryOptions());
}
