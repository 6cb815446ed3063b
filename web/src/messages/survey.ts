import { defineMessages } from '@/lib/messages';
import en from './en/survey.json';

/**
 * surveyMessages is the copy of every survey step's screen: the way on and back, the save status,
 * the progress header and the choice steps. It loads with the step screen.
 */
export const surveyMessages = defineMessages({ en });
