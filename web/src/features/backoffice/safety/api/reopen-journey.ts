import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { asProblemError } from '@/features/backoffice/shared/problem';
import { safetyQueryKey, type SafetyFollowUp } from './get-safety-queue';

// POST /api/staff/safety/{id}/reopen: after a review, lets the member go on with sign-up. 409 when
// the disclosure is not reviewed yet or the journey is open already.

export async function reopenJourney(id: number): Promise<SafetyFollowUp> {
  try {
    return await apiClient.post<SafetyFollowUp>(`staff/safety/${id}/reopen`);
  } catch (error) {
    throw await asProblemError(error);
  }
}

export function useReopenJourney() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => reopenJourney(id),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: safetyQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'member'] }),
      ]),
  });
}
