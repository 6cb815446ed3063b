import { defineMessages } from '@/lib/messages';
import en from './en/account.json';

/**
 * accountMessages is the copy of the account menu's panel and the goodbye page. The panel loads
 * when the member first opens the menu; the menu button's own name is in appMessages.
 */
export const accountMessages = defineMessages({ en });
