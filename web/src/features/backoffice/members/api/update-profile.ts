import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';
import { asProblemError } from '@/features/backoffice/shared/problem';
import { memberQueryKey, type StaffMember } from './get-member';
import { membersQueryKey } from './search-members';

// PUT /api/staff/members/{userId}/profile: corrects a member's name, date of birth and phone. A
// refusal (400) names each field to fix; it is thrown as a ProblemError so the form can show them.

export type StaffProfileRequest = components['schemas']['StaffProfileRequest'];
export type StaffProfile = components['schemas']['StaffProfile'];

export async function updateProfile(userId: string, body: StaffProfileRequest): Promise<StaffProfile> {
  try {
    return await apiClient.put<StaffProfile>(`staff/members/${encodeURIComponent(userId)}/profile`, { json: body });
  } catch (error) {
    throw await asProblemError(error);
  }
}

/** useUpdateProfile saves the profile and puts the saved one on the member's page at once. */
export function useUpdateProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffProfileRequest) => updateProfile(userId, body),
    onSuccess: ({ profile }) => {
      queryClient.setQueryData<StaffMember>(memberQueryKey(userId), (member) => (member ? { ...member, profile } : member));
      void queryClient.invalidateQueries({ queryKey: membersQueryKey });
    },
  });
}
