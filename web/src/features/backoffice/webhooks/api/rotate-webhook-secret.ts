import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { asProblemError } from '@/features/backoffice/shared/problem';
import type { WebhookEndpointWithSecret } from './create-webhook';
import { webhooksQueryKey, type WebhookEndpoints } from './get-webhooks';
import { replaceEndpoint } from './update-webhook';

// POST /api/staff/webhooks/{endpointId}/secret: gives an endpoint a new signing secret, answered
// this once; every attempt from then on is signed with it. Admins only.

export async function rotateWebhookSecret(endpointId: string): Promise<WebhookEndpointWithSecret> {
  try {
    return await apiClient.post<WebhookEndpointWithSecret>(`staff/webhooks/${encodeURIComponent(endpointId)}/secret`);
  } catch (error) {
    throw await asProblemError(error);
  }
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: ({ endpoint }) => queryClient.setQueryData<WebhookEndpoints>(webhooksQueryKey, (data) => replaceEndpoint(data, endpoint)),
  });
}
