import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { memberQueryKey, type StaffMember } from './get-member';

// DELETE /api/staff/members/{userId}/picture: removes the member's picture (204).

export function removePicture(userId: string): Promise<void> {
  return apiClient.delete(`staff/members/${encodeURIComponent(userId)}/picture`);
}

export function useRemovePicture(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removePicture(userId),
    onSuccess: () => {
      queryClient.setQueryData<StaffMember>(memberQueryKey(userId), (member) =>
        member ? { ...member, profile: { ...member.profile, pictureUrl: null } } : member,
      );
    },
  });
}
