import { defineMessages } from '@/lib/messages';
import en from './en/staff-admin.json';

/**
 * staffAdminMessages is the copy of the loading, failure and admins-only states the admin pages
 * share.
 */
export const staffAdminMessages = defineMessages({ en });
