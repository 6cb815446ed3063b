import { defineMessages } from '@/lib/messages';
import en from './en/staff-coaches.json';

/**
 * staffCoachesMessages is the copy of the staff coach pages. "No coaches found" is the spec's own
 * text, kept word for word.
 */
export const staffCoachesMessages = defineMessages({ en });
