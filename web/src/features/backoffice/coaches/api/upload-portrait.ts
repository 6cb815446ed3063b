import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { asProblemError } from '@/features/backoffice/shared/problem';
import { staffCoachesQueryKey, type StaffCoach, type StaffCoaches } from '@/features/backoffice/shared/api/get-staff-coaches';
import { coachApiPath, putCoachInList } from './save-coach';

// PUT /api/staff/coaches/{coachId}/portrait: the image file itself is the body, typed by the
// file's own type (JPEG, PNG or WebP, at most 5 MB). The server re-encodes it, serves it from
// /media/ and answers the coach with the new avatarUrl. Admins only.

export async function uploadCoachPortrait(coachId: string, file: File): Promise<StaffCoach> {
  try {
    return await apiClient.put<StaffCoach>(`${coachApiPath(coachId)}/portrait`, { body: file });
  } catch (error) {
    throw await asProblemError(error);
  }
}

export function useUploadCoachPortrait(coachId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadCoachPortrait(coachId, file),
    onSuccess: (coach) => {
      queryClient.setQueryData<StaffCoaches>(staffCoachesQueryKey, (data) => putCoachInList(data, coach));
    },
  });
}
