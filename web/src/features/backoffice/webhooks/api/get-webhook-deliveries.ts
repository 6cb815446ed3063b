import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

// GET /api/staff/webhooks/{endpointId}/deliveries: an endpoint's newest deliveries, newest first,
// each with its newest attempts. They say how sending went, never what was sent. Admins only.

export type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type WebhookDeliveries = components['schemas']['WebhookDeliveries'];
export type WebhookAttempt = components['schemas']['WebhookAttempt'];

export async function getWebhookDeliveries(endpointId: string, signal?: AbortSignal): Promise<WebhookDeliveries> {
  return apiClient.get<WebhookDeliveries>(`staff/webhooks/${encodeURIComponent(endpointId)}/deliveries`, { signal });
}

export const webhookDeliveriesQueryKey = (endpointId: string) => ['staff', 'webhooks', endpointId, 'deliveries'] as const;

/** WAITING_REFRESH_MS is how often the list is read again while a delivery is still waiting. */
export const WAITING_REFRESH_MS = 5000;

export function webhookDeliveriesQueryOptions(endpointId: string) {
  return queryOptions({
    queryKey: webhookDeliveriesQueryKey(endpointId),
    queryFn: ({ signal }) => getWebhookDeliveries(endpointId, signal),
    select: (data) => data.deliveries,
    retry: false,
    // While something waits, the list follows it, so the admin sees it go out without reloading.
    refetchInterval: (query) => (query.state.data?.deliveries.some((d) => d.status === 'pending') ? WAITING_REFRESH_MS : false),
  });
}

export function useWebhookDeliveries(endpointId: string) {
  return useQuery(webhookDeliveriesQueryOptions(endpointId));
}
