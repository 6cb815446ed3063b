import { defineMessages } from '@/lib/messages';
import en from './en/not-found.json';

/** notFoundMessages is the copy of the Not Found page, which loads on its own. */
export const notFoundMessages = defineMessages({ en });
