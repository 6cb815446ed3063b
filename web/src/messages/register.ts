import { defineMessages } from '@/lib/messages';
import en from './en/register.json';

/** registerMessages is the copy of the sign-up hand-off page, which loads on its own. */
export const registerMessages = defineMessages({ en });
