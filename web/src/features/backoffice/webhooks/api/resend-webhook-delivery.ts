import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { asProblemError } from '@/features/backoffice/shared/problem';
import { webhookDeliveriesQueryKey, type WebhookDeliveries, type WebhookDelivery } from './get-webhook-deliveries';

// POST /api/staff/webhooks/{endpointId}/deliveries/{deliveryId}/resend: sends a delivery again, the
// same event with the same id, due now. Admins only.

export async function resendWebhookDelivery(endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  try {
    return await apiClient.post<WebhookDelivery>(
      `staff/webhooks/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
    );
  } catch (error) {
    throw await asProblemError(error);
  }
}

export function useResendWebhookDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => resendWebhookDelivery(endpointId, deliveryId),
    onSuccess: (delivery) =>
      queryClient.setQueryData<WebhookDeliveries>(
        webhookDeliveriesQueryKey(endpointId),
        (data) => data && { deliveries: data.deliveries.map((d) => (d.deliveryId === delivery.deliveryId ? delivery : d)) },
      ),
  });
}
