import { defineMessages } from '@/lib/messages';
import en from './en/sign-in-problem.json';

/** signInProblemMessages is the copy of the page a sign-in that did not finish lands on. */
export const signInProblemMessages = defineMessages({ en });
