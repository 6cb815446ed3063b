import { defineMessages } from '@/lib/messages';
import en from './en/survey-account.json';

/**
 * surveyAccountMessages is the copy of the account step's form (how the coach reaches the member),
 * which loads with that step.
 */
export const surveyAccountMessages = defineMessages({ en });
