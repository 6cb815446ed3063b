import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

// GET /api/user/me/android-waitlist: whether the signed-in member asked to be emailed once when the
// app is on Android, and at which address. The ios-only step reads it, so a member who comes back
// sees where they stand.

export type AndroidWaitlistStatus = components['schemas']['AndroidWaitlistStatus'];

export function getAndroidWaitlist(signal?: AbortSignal): Promise<AndroidWaitlistStatus> {
  return apiClient.get<AndroidWaitlistStatus>('user/me/android-waitlist', { signal });
}

export const androidWaitlistQueryKey = ['android-waitlist'] as const;

export function androidWaitlistQueryOptions() {
  return queryOptions({
    queryKey: androidWaitlistQueryKey,
    queryFn: ({ signal }) => getAndroidWaitlist(signal),
    // The HTTP client already tries a busy server again; a refusal won't change by asking twice.
    retry: false,
  });
}

export function useAndroidWaitlist() {
  return useQuery(androidWaitlistQueryOptions());
}
