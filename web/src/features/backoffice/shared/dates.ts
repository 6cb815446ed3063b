import { formatLocale, translate } from '@/lib/messages';
import { staffMessages } from '@/messages/staff';

// Dates as staff read them: in their own time zone, in the staff app's language (American English
// today), with the weekday left out. Every timestamp from the API is an ISO 8601 string in UTC.

/** staffLocale is the language dates are written in, to match the staff app's copy. */
export const staffLocale = formatLocale;

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const dateFormat = new Intl.DateTimeFormat(staffLocale, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(staffLocale, { dateStyle: 'medium', timeStyle: 'short' });
// A date of birth is a calendar date, not a moment: it is written as it is, in no time zone, so a
// member born on the 30th is never shown as born on the 29th west of Greenwich.
const calendarFormat = new Intl.DateTimeFormat(staffLocale, { dateStyle: 'medium', timeZone: 'UTC' });
const relativeFormat = new Intl.RelativeTimeFormat(staffLocale, { numeric: 'auto' });

/** formatDate writes a moment's day ("Mar 4, 2026"), or "" when there is none. */
export function formatDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? dateFormat.format(date) : '';
}

/** formatDateTime writes a moment's day and time ("Mar 4, 2026, 3:05 PM"), or "" when there is none. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? dateTimeFormat.format(date) : '';
}

/** formatCalendarDate writes a YYYY-MM-DD date ("Apr 30, 1990") as it is, or "" when there is none. */
export function formatCalendarDate(ymd: string | null | undefined): string {
  if (!ymd || !/^\d{4}-\d{2}-\d{2}$/.test(ymd)) return '';
  const date = parse(`${ymd}T00:00:00Z`);
  return date ? calendarFormat.format(date) : '';
}

const units: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * formatRelative writes how long ago (or how far ahead) a moment is, in the largest whole unit:
 * "3 hours ago", "yesterday", "2 weeks ago". Under a minute is "just now". It returns "" for no moment.
 */
export function formatRelative(iso: string | null | undefined, now: Date = new Date()): string {
  const date = parse(iso);
  if (!date) return '';
  const seconds = (date.getTime() - now.getTime()) / 1000;
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.trunc(seconds / size), unit);
  }
  return translate(staffMessages, 'justNow');
}

/** isoDate is a moment's UTC calendar date as YYYY-MM-DD, for a <time dateTime> or a date input. */
export function isoDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? date.toISOString().slice(0, 10) : '';
}
