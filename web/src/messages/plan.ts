import { defineMessages } from '@/lib/messages';
import en from './en/plan.json';

/**
 * planMessages is the copy of the plan and payment screens, which only members who reach the plan
 * download.
 */
export const planMessages = defineMessages({ en });
