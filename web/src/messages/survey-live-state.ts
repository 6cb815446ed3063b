import { defineMessages } from '@/lib/messages';
import en from './en/survey-live-state.json';

/**
 * surveyLiveStateMessages is the copy of the live-state step's form, which loads with that step.
 */
export const surveyLiveStateMessages = defineMessages({ en });
