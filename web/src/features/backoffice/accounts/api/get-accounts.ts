import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

// GET /api/staff/accounts: everyone who may use the back office, by email, and whether their roles
// come from the identity provider (then they are changed there, not here). Admins only.

export type StaffAccount = components['schemas']['StaffAccount'];
export type StaffAccounts = components['schemas']['StaffAccounts'];
export type StaffRole = StaffAccount['role'];

export async function getStaffAccounts(signal?: AbortSignal): Promise<StaffAccounts> {
  return apiClient.get<StaffAccounts>('staff/accounts', { signal });
}

export const staffAccountsQueryKey = ['staff', 'accounts'] as const;

export function staffAccountsQueryOptions() {
  return queryOptions({
    queryKey: staffAccountsQueryKey,
    queryFn: ({ signal }) => getStaffAccounts(signal),
    retry: false,
  });
}

export function useStaffAccounts() {
  return useQuery(staffAccountsQueryOptions());
}
