import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { asProblemError } from '@/features/backoffice/shared/problem';
import { webhooksQueryKey, type WebhookEndpoints } from './get-webhooks';

// DELETE /api/staff/webhooks/{endpointId}: removes an endpoint with its deliveries; nothing still
// waiting for it is sent. Admins only.

export async function deleteWebhook(endpointId: string): Promise<void> {
  try {
    await apiClient.delete(`staff/webhooks/${encodeURIComponent(endpointId)}`);
  } catch (error) {
    throw await asProblemError(error);
  }
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhook,
    onSuccess: (_, endpointId) =>
      queryClient.setQueryData<WebhookEndpoints>(webhooksQueryKey, (data) => data && { endpoints: data.endpoints.filter((e) => e.endpointId !== endpointId) }),
  });
}
