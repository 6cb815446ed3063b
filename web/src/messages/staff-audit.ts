import { defineMessages } from '@/lib/messages';
import en from './en/staff-audit.json';

/** staffAuditMessages is the copy of the audit log page. */
export const staffAuditMessages = defineMessages({ en });
