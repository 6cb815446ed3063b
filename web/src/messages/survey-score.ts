import { defineMessages } from '@/lib/messages';
import en from './en/survey-score.json';

/** surveyScoreMessages is the copy of the score step, which loads with that step. */
export const surveyScoreMessages = defineMessages({ en });
