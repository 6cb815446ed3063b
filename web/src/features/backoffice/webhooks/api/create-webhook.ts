import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';
import { asProblemError } from '@/features/backoffice/shared/problem';
import { webhooksQueryKey, type WebhookEndpoints } from './get-webhooks';

// POST /api/staff/webhooks {url, description, events, active}: adds an endpoint and answers it with
// its signing secret, which is shown this once. Refusals come back as a ProblemError whose fields
// name what to fix (url, description, events). Admins only.

export type WebhookEndpointRequest = components['schemas']['WebhookEndpointRequest'];
export type WebhookEndpointWithSecret = components['schemas']['WebhookEndpointWithSecret'];

export async function createWebhook(request: WebhookEndpointRequest): Promise<WebhookEndpointWithSecret> {
  try {
    return await apiClient.post<WebhookEndpointWithSecret>('staff/webhooks', { json: request });
  } catch (error) {
    throw await asProblemError(error);
  }
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: ({ endpoint }) => {
      queryClient.setQueryData<WebhookEndpoints>(webhooksQueryKey, (data) => (data ? { endpoints: [...data.endpoints, endpoint] } : data));
    },
  });
}
