import { defineMessages } from '@/lib/messages';
import en from './en/chat.json';

/** chatMessages is the copy of the chat page, which loads on its own. */
export const chatMessages = defineMessages({ en });
