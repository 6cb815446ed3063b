import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

// GET /api/staff/webhooks: every webhook endpoint, oldest first, never with its secret. Admins only.

export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
export type WebhookEndpoints = components['schemas']['WebhookEndpoints'];
export type WebhookEventType = components['schemas']['WebhookEventType'];

export async function getWebhooks(signal?: AbortSignal): Promise<WebhookEndpoints> {
  return apiClient.get<WebhookEndpoints>('staff/webhooks', { signal });
}

export const webhooksQueryKey = ['staff', 'webhooks'] as const;

export function webhooksQueryOptions() {
  return queryOptions({
    queryKey: webhooksQueryKey,
    queryFn: ({ signal }) => getWebhooks(signal),
    select: (data) => data.endpoints,
    retry: false,
  });
}

export function useWebhooks() {
  return useQuery(webhooksQueryOptions());
}
