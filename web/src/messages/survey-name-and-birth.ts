import { defineMessages } from '@/lib/messages';
import en from './en/survey-name-and-birth.json';

/**
 * surveyNameAndBirthMessages is the copy of the name-and-birth step's form, which loads with that
 * step.
 */
export const surveyNameAndBirthMessages = defineMessages({ en });
