import { defineMessages } from '@/lib/messages';
import en from './en/staff-plans.json';

/** staffPlansMessages is the copy of the plans page. */
export const staffPlansMessages = defineMessages({ en });
