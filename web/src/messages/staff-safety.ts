import { defineMessages } from '@/lib/messages';
import en from './en/staff-safety.json';

/**
 * staffSafetyMessages is the copy of the safety queue. It speaks of the members plainly and
 * kindly, and never repeats what they answered.
 */
export const staffSafetyMessages = defineMessages({ en });
