import { defineMessages } from '@/lib/messages';
import en from './en/coaches.json';

/**
 * coachesMessages is the copy of the coach chooser and the hand-off to the app, which only members
 * who reach them download.
 */
export const coachesMessages = defineMessages({ en });
