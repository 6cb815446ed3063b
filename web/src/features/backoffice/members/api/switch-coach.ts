import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';
import { staffCoachesQueryKey } from '@/features/backoffice/shared/api/get-staff-coaches';
import { asProblemError } from '@/features/backoffice/shared/problem';
import { memberQueryKey } from './get-member';
import { membersQueryKey } from './search-members';

// PUT /api/staff/members/{userId}/coach: makes coachId the member's coach, keeping the history.
// 404 (no such member or coach) and 409 (the coach is resting or full) come with the reason in
// detail, thrown as a ProblemError for the notice to add.

export type StaffCoachSwitch = components['schemas']['StaffCoachSwitch'];

export async function switchCoach(userId: string, coachId: string): Promise<StaffCoachSwitch> {
  const body: components['schemas']['SwitchCoachRequest'] = { coachId };
  try {
    return await apiClient.put<StaffCoachSwitch>(`staff/members/${encodeURIComponent(userId)}/coach`, { json: body });
  } catch (error) {
    throw await asProblemError(error);
  }
}

/** useSwitchCoach switches the coach, then reloads what it changes: the member's coaches, the lists, the coaches' places. */
export function useSwitchCoach(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (coachId: string) => switchCoach(userId, coachId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: memberQueryKey(userId) }),
        queryClient.invalidateQueries({ queryKey: membersQueryKey }),
        queryClient.invalidateQueries({ queryKey: staffCoachesQueryKey }),
      ]),
  });
}
