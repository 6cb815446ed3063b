import { apiClient } from '@/lib/api-client';

// The staff app's downloads (the Android waitlist, the reports, the members) are files the server
// makes and names. Each is fetched with the API client and handed to the browser from the answer
// (a blob), so a failure can be told in words on the page rather than as a browser's error page,
// and the staff user's session goes with the request as with every other call.

/**
 * csvFileNameOf reads the file name from a Content-Disposition header, keeping only safe
 * characters; it is fallback when the answer names no file, or a name that is not a plain .csv file.
 */
export function csvFileNameOf(disposition: string | null, fallback: string): string {
  const name = /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1]?.trim() ?? '';
  return /^[\w.-]+\.csv$/.test(name) ? name : fallback;
}

/**
 * downloadCsv fetches the CSV file at path (under /api/) and hands it to the browser as a
 * download, named as the server names it, or fallbackName.
 */
export async function downloadCsv(path: string, fallbackName: string): Promise<void> {
  const response = await apiClient.getResponse(path);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileNameOf(response.headers.get('Content-Disposition'), fallbackName);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the object is freed a moment later,
  // which some browsers need to start the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
