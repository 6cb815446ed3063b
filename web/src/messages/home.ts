import { defineMessages } from '@/lib/messages';
import en from './en/home.json';

/**
 * homeMessages is the copy of the home page, the first screen of most visits, so it ships in the
 * main bundle.
 */
export const homeMessages = defineMessages({ en });
