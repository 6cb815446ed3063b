import { defineMessages } from '@/lib/messages';
import en from './en/safety.json';

/**
 * safetyMessages is the copy of the crisis-support page. It ships in the main bundle, because the
 * page must appear with no request at all (see CrisisSupportPage).
 */
export const safetyMessages = defineMessages({ en });
