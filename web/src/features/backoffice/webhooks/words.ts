import type { MessageKey } from '@/lib/messages';
import type { staffWebhooksMessages } from '@/messages/staff-webhooks';
import type { WebhookDelivery } from './api/get-webhook-deliveries';
import type { WebhookEndpoint, WebhookEventType } from './api/get-webhooks';

type Key = MessageKey<typeof staffWebhooksMessages>;

/** eventTypes are every event an endpoint may ask for, in the order of a member's journey. */
export const eventTypes: readonly WebhookEventType[] = ['member.signed_up', 'member.survey_completed', 'member.coach_chosen', 'member.paid', 'member.deleted'];

/**
 * eventWords are each event's name and the line under its checkbox. The keys are written out
 * rather than built from the type, so the catalog's test can see each in use.
 */
export const eventWords = {
  'member.signed_up': { name: 'event.member.signed_up', hint: 'eventHint.member.signed_up' },
  'member.survey_completed': { name: 'event.member.survey_completed', hint: 'eventHint.member.survey_completed' },
  'member.coach_chosen': { name: 'event.member.coach_chosen', hint: 'eventHint.member.coach_chosen' },
  'member.paid': { name: 'event.member.paid', hint: 'eventHint.member.paid' },
  'member.deleted': { name: 'event.member.deleted', hint: 'eventHint.member.deleted' },
} as const satisfies Record<WebhookEventType, { name: Key; hint: Key }>;

/** statusWords say where a delivery stands. */
export const statusWords = {
  pending: 'status.pending',
  delivered: 'status.delivered',
  failed: 'status.failed',
} as const satisfies Record<WebhookDelivery['status'], Key>;

/** endpointName is what an endpoint is called on the page: its description, or else its address. */
export function endpointName(endpoint: Pick<WebhookEndpoint, 'description' | 'url'>): string {
  return endpoint.description || endpoint.url;
}
