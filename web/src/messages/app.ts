import { defineMessages } from '@/lib/messages';
import en from './en/app.json';

/**
 * appMessages is the copy of the frame every page shares (the top bar, loading, page titles) and
 * the words for a failed request or page. It ships with the first screen, so only what every page
 * may need belongs here.
 */
export const appMessages = defineMessages({ en });
