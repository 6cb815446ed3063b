import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';
import { asProblemError } from '@/features/backoffice/shared/problem';
import { safetyQueryKey, type SafetyFollowUp } from './get-safety-queue';

// POST /api/staff/safety/{id}/review: records that a person has followed the disclosure up, with
// a note of what was done, and, if they chose, lets the member go on with sign-up. 409 when it was
// reviewed already (by someone else, in another tab). Not repeated on failure: it is a POST.

export type SafetyReviewRequest = components['schemas']['SafetyReviewRequest'];

export async function reviewFollowUp(id: number, body: SafetyReviewRequest): Promise<SafetyFollowUp> {
  try {
    return await apiClient.post<SafetyFollowUp>(`staff/safety/${id}/review`, { json: body });
  } catch (error) {
    throw await asProblemError(error);
  }
}

/** useReviewFollowUp records a review, then reloads both lists (and any member page open). */
export function useReviewFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SafetyReviewRequest & { id: number }) => reviewFollowUp(id, body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: safetyQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'member'] }),
      ]),
  });
}
