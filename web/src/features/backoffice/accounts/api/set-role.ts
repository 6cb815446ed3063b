import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';
import { asProblemError } from '@/features/backoffice/shared/problem';
import { staffAccountsQueryKey, type StaffAccount } from './get-accounts';

// PUT /api/staff/accounts {email, role}: makes the person who signed up with that email a member,
// staff or an admin. Refusals come back as a ProblemError: 404 when no one signed up with the
// email, 409 for the admin's own account or when roles come from the identity provider, 400 for
// an email that can't be one. Admins only.

export type StaffRoleRequest = components['schemas']['StaffRoleRequest'];

export async function setStaffRole(request: StaffRoleRequest): Promise<StaffAccount> {
  try {
    return await apiClient.put<StaffAccount>('staff/accounts', { json: request });
  } catch (error) {
    throw await asProblemError(error);
  }
}

export function useSetStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStaffRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffAccountsQueryKey }),
  });
}
