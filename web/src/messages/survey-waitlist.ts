import { defineMessages } from '@/lib/messages';
import en from './en/survey-waitlist.json';

/**
 * surveyWaitlistMessages is the copy of the Android waitlist on the ios-only step, which loads
 * with that step. consent is the text a member agrees to: the server records its version
 * (ConsentVersion in internal/waitlist), so a change of its words takes a new version there too.
 */
export const surveyWaitlistMessages = defineMessages({ en });
