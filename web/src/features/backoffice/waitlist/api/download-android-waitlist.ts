import { downloadCsv } from '@/features/backoffice/shared/download-file';

// GET /api/staff/android-waitlist/export: the whole waitlist as a CSV file (email, joined_at,
// consent_version), which the server audits. The server names the file; this is the name used when
// its answer has none.
const FALLBACK_FILE_NAME = 'android-waitlist.csv';

/** downloadAndroidWaitlist fetches the file and hands it to the browser as a download. */
export function downloadAndroidWaitlist(): Promise<void> {
  return downloadCsv('staff/android-waitlist/export', FALLBACK_FILE_NAME);
}
