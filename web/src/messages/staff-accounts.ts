import { defineMessages } from '@/lib/messages';
import en from './en/staff-accounts.json';

/** staffAccountsMessages is the copy of the staff accounts page. */
export const staffAccountsMessages = defineMessages({ en });
