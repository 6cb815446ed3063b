import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { androidWaitlistQueryKey, type AndroidWaitlistStatus } from './get-android-waitlist';

// DELETE /api/user/me/android-waitlist: the member leaves the waitlist and the address is
// forgotten. Leaving twice answers the same, so the HTTP client may send it again.

export async function leaveAndroidWaitlist(): Promise<void> {
  await apiClient.delete('user/me/android-waitlist');
}

const notJoined: AndroidWaitlistStatus = { joined: false };

/** useLeaveAndroidWaitlist leaves, and then knows the member is not on the list. */
export function useLeaveAndroidWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveAndroidWaitlist,
    onSuccess: () => queryClient.setQueryData(androidWaitlistQueryKey, notJoined),
  });
}
