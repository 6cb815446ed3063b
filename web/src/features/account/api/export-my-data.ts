import { apiClient } from '@/lib/api-client';

// GET /api/user/me/export: a copy of everything the service holds about the signed-in member, as a
// JSON file. The server names the file; this is the name used when its answer has none.
const FALLBACK_FILE_NAME = 'my-data.json';

/** fileNameOf reads the file name from a Content-Disposition header, keeping only safe characters. */
export function fileNameOf(disposition: string | null): string {
  const name = /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1]?.trim() ?? '';
  return /^[\w.-]+$/.test(name) ? name : FALLBACK_FILE_NAME;
}

/**
 * downloadMyData fetches the member's data and hands it to the browser as a download. The file is
 * made in the page from the answer (a blob), so the member's session, cookie or bearer token, goes
 * with the request as with every other call, and nothing of the data ever sits in an address.
 */
export async function downloadMyData(): Promise<void> {
  const response = await apiClient.getResponse('user/me/export');
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response.headers.get('Content-Disposition'));
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the object is freed a moment later
  // rather than at once, which some browsers need to start the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
