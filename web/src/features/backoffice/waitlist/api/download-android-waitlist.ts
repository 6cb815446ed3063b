import { apiClient } from '@/lib/api-client';

// GET /api/staff/android-waitlist/export: the whole waitlist as a CSV file (email, joined_at,
// consent_version), which the server audits. The server names the file; this is the name used when
// its answer has none.
const FALLBACK_FILE_NAME = 'android-waitlist.csv';

/** csvFileNameOf reads the file name from a Content-Disposition header, keeping only safe characters. */
export function csvFileNameOf(disposition: string | null): string {
  const name = /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1]?.trim() ?? '';
  return /^[\w.-]+\.csv$/.test(name) ? name : FALLBACK_FILE_NAME;
}

/**
 * downloadAndroidWaitlist fetches the file and hands it to the browser as a download. It is made in
 * the page from the answer (a blob), so a failure can be told in words on the page rather than as a
 * browser's error page, and the staff user's session goes with the request as with every other call.
 */
export async function downloadAndroidWaitlist(): Promise<void> {
  const response = await apiClient.getResponse('staff/android-waitlist/export');
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileNameOf(response.headers.get('Content-Disposition'));
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the object is freed a moment later,
  // which some browsers need to start the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
