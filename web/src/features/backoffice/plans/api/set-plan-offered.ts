import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';
import { asProblemError } from '@/features/backoffice/shared/problem';
import { staffPlansQueryKey, type StaffPlan, type StaffPlans } from './get-plans';

// PATCH /api/staff/plans/{planId} {active}: offers a plan to members again, or withdraws it.
// Members who hold a withdrawn plan keep it; only new members stop seeing it. Admins only.

export type StaffPlanRequest = components['schemas']['StaffPlanRequest'];

export async function setPlanOffered(planId: string, active: boolean): Promise<StaffPlan> {
  const body: StaffPlanRequest = { active };
  try {
    return await apiClient.patch<StaffPlan>(`staff/plans/${encodeURIComponent(planId)}`, { json: body });
  } catch (error) {
    throw await asProblemError(error);
  }
}

export function useSetPlanOffered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ planId, active }: { planId: string; active: boolean }) => setPlanOffered(planId, active),
    onSuccess: (plan) => {
      queryClient.setQueryData<StaffPlans>(staffPlansQueryKey, (data) =>
        data ? { plans: data.plans.map((p) => (p.planId === plan.planId ? plan : p)) } : data,
      );
    },
  });
}
