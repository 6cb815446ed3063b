import { defineMessages } from '@/lib/messages';
import en from './en/staff-webhooks.json';

/** staffWebhooksMessages is the copy of the webhooks pages. */
export const staffWebhooksMessages = defineMessages({ en });
