import { defineMessages } from '@/lib/messages';
import en from './en/staff-waitlist.json';

/** staffWaitlistMessages is the copy of the Android waitlist page. */
export const staffWaitlistMessages = defineMessages({ en });
