import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

// GET /api/staff/plans: every plan, offered or withdrawn. A server that takes no payment has no
// plans and answers 404. Admins only.

export type StaffPlan = components['schemas']['StaffPlan'];
export type StaffPlans = components['schemas']['StaffPlans'];

export async function getStaffPlans(signal?: AbortSignal): Promise<StaffPlans> {
  return apiClient.get<StaffPlans>('staff/plans', { signal });
}

export const staffPlansQueryKey = ['staff', 'plans'] as const;

export function staffPlansQueryOptions() {
  return queryOptions({
    queryKey: staffPlansQueryKey,
    queryFn: ({ signal }) => getStaffPlans(signal),
    select: (data) => data.plans,
    retry: false,
  });
}

export function useStaffPlans() {
  return useQuery(staffPlansQueryOptions());
}
