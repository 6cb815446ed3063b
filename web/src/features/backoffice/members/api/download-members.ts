import { downloadCsv } from '@/features/backoffice/shared/download-file';

// GET /api/staff/insights/members/export (admins only; staff are refused with 403): every member as
// a CSV file, oldest sign-up first: name, email, sign-up date, step, coach, payment state, campaign
// touches and origin, never a survey answer, score or safety flag. The server writes each download
// to the audit log (members.export) and names the file.

/** downloadMembers fetches the file and hands it to the browser as a download. */
export function downloadMembers(): Promise<void> {
  return downloadCsv('staff/insights/members/export', 'members.csv');
}
