import { defineMessages } from '@/lib/messages';
import en from './en/account-switch.json';

/**
 * accountSwitchMessages is the copy of the question which account to use, asked before the app
 * starts when a link carries another account's token. It loads only then.
 */
export const accountSwitchMessages = defineMessages({ en });
