import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';
import { asProblemError } from '@/features/backoffice/shared/problem';
import { staffCoachesQueryKey, type StaffCoach, type StaffCoaches } from '@/features/backoffice/shared/api/get-staff-coaches';

// POST /api/staff/coaches adds a coach (201); PUT /api/staff/coaches/{coachId} replaces one's
// details, where active: false rests them and their members stay. Admins only: staff get a 403.
// A refusal is thrown as a ProblemError carrying the server's per-field errors, so the form can
// show each beside its field.

export type StaffCoachInput = components['schemas']['StaffCoachInput'];

/** coachApiPath is the API path of one coach. */
export const coachApiPath = (coachId: string) => `staff/coaches/${encodeURIComponent(coachId)}`;

/**
 * saveCoach adds the coach when coachId is undefined and replaces that coach's details otherwise.
 * The client sends POST once (a repeat could add the coach twice) and may repeat PUT.
 */
export async function saveCoach(coachId: string | undefined, input: StaffCoachInput): Promise<StaffCoach> {
  try {
    return coachId === undefined
      ? await apiClient.post<StaffCoach>('staff/coaches', { json: input })
      : await apiClient.put<StaffCoach>(coachApiPath(coachId), { json: input });
  } catch (error) {
    throw await asProblemError(error);
  }
}

/** putCoachInList writes a saved coach into the cached list, so the list shows it at once. */
export function putCoachInList(data: StaffCoaches | undefined, coach: StaffCoach): StaffCoaches | undefined {
  if (!data) return data;
  const known = data.coaches.some((c) => c.coachId === coach.coachId);
  return { coaches: known ? data.coaches.map((c) => (c.coachId === coach.coachId ? coach : c)) : [...data.coaches, coach] };
}

export function useSaveCoach(coachId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffCoachInput) => saveCoach(coachId, input),
    onSuccess: (coach) => {
      queryClient.setQueryData<StaffCoaches>(staffCoachesQueryKey, (data) => putCoachInList(data, coach));
      // The list is read again behind the scenes: the server sorts it by name, and counts members.
      void queryClient.invalidateQueries({ queryKey: staffCoachesQueryKey });
    },
  });
}
