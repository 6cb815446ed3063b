import { defineMessages } from '@/lib/messages';
import en from './en/guard-problem.json';

/**
 * guardProblemMessages is the copy of the sign-in guard's rare problem screens (the profile failed
 * to load, or the app's sign-in ran out), which load only when one is needed.
 */
export const guardProblemMessages = defineMessages({ en });
