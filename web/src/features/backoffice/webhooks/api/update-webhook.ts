import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { asProblemError } from '@/features/backoffice/shared/problem';
import type { WebhookEndpointRequest } from './create-webhook';
import { webhooksQueryKey, type WebhookEndpoint, type WebhookEndpoints } from './get-webhooks';

// PUT /api/staff/webhooks/{endpointId} {url, description, events, active}: changes an endpoint, or
// pauses it and turns it on again; its secret stays. Admins only.

export async function updateWebhook(endpointId: string, request: WebhookEndpointRequest): Promise<WebhookEndpoint> {
  try {
    return await apiClient.put<WebhookEndpoint>(`staff/webhooks/${encodeURIComponent(endpointId)}`, { json: request });
  } catch (error) {
    throw await asProblemError(error);
  }
}

/** replaceEndpoint puts a changed endpoint into the cached list in its place. */
export function replaceEndpoint(data: WebhookEndpoints | undefined, endpoint: WebhookEndpoint): WebhookEndpoints | undefined {
  return data && { endpoints: data.endpoints.map((e) => (e.endpointId === endpoint.endpointId ? endpoint : e)) };
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, request }: { endpointId: string; request: WebhookEndpointRequest }) => updateWebhook(endpointId, request),
    onSuccess: (endpoint) => queryClient.setQueryData<WebhookEndpoints>(webhooksQueryKey, (data) => replaceEndpoint(data, endpoint)),
  });
}
