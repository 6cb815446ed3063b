import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';
import { memberQueryKey, type StaffMember } from './get-member';

// PUT /api/staff/members/{userId}/picture: the image file itself as the body, with its own type
// (JPEG, PNG or WebP, 5 MB at most). The server re-encodes it and answers where it is served,
// with a version in the address so the browser shows the new one at once.

export type PictureUploaded = components['schemas']['PictureUploaded'];

export function uploadPicture(userId: string, file: File): Promise<PictureUploaded> {
  return apiClient.put<PictureUploaded>(`staff/members/${encodeURIComponent(userId)}/picture`, { body: file, contentType: file.type });
}

export function useUploadPicture(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadPicture(userId, file),
    onSuccess: ({ pictureUrl }) => {
      queryClient.setQueryData<StaffMember>(memberQueryKey(userId), (member) =>
        member ? { ...member, profile: { ...member.profile, pictureUrl } } : member,
      );
    },
  });
}
