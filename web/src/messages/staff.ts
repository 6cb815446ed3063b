import { defineMessages } from '@/lib/messages';
import en from './en/staff.json';

/**
 * staffMessages is the copy of the staff app's frame, its notices and the picture upload. Members
 * never download any staff copy.
 */
export const staffMessages = defineMessages({ en });
