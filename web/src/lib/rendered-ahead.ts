import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * useRenderedAhead is true while a component is rendered at build time into a page's first frame
 * (src/first-frame/render.tsx), which paints before the app's code has run, and false in the
 * browser. A control that only the app's code can answer leaves itself out of the first frame, or
 * is inert in it, so that nobody presses it in vain; it works when the app takes the page over.
 */
export function useRenderedAhead(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );
}

/**
 * aheadMarkers are what a first frame says in place of what only the server knows when it sends
 * the page: the brand name (from its settings), the member's names and today's date. The server
 * puts the real values in, escaped (internal/httpapi/first_frame.go). Characters no name or copy
 * would hold, so nothing else is replaced.
 */
export const aheadMarkers = {
  brand: '\u2060brand\u2060',
  /** firstName is the name the copy calls the member by (see fillCopy). */
  firstName: '\u2060first-name\u2060',
  /** profileFirstName and profileLastName are the profile's names, which start name-and-birth's fields. */
  profileFirstName: '\u2060profile-first-name\u2060',
  profileLastName: '\u2060profile-last-name\u2060',
  /** birthMonth, birthDay and birthYear are name-and-birth's starting date: MINIMUM_AGE years ago today. */
  birthMonth: '\u2060birth-month\u2060',
  birthDay: '\u2060birth-day\u2060',
  birthYear: '\u2060birth-year\u2060',
} as const;

let titleAhead = '';

/**
 * nameTabAhead records, while a page is rendered ahead, the name its tab gets (see usePageTitle),
 * which the browser shows from the first paint. takeTitleAhead returns it once the render is done.
 */
export function nameTabAhead(title: string): void {
  titleAhead = title;
}

export function takeTitleAhead(): string {
  const title = titleAhead;
  titleAhead = '';
  return title;
}
