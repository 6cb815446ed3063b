// Dates of birth as the name-and-birth form offers and checks them, by the same rules as the server
// (internal/survey/validate.go): the most recent year offered is MINIMUM_AGE years before this
// year, going back BIRTH_SPAN years, and the form starts at MINIMUM_AGE years before today (UTC).

export const MINIMUM_AGE = 18;
export const BIRTH_SPAN = 100;

export interface DateParts {
  year: number;
  /** month is 1 to 12. */
  month: number;
  day: number;
}

/** daysInMonth returns how many days a month of a year has (month 1 to 12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** birthYears returns the years offered, newest first. */
export function birthYears(today: Date): number[] {
  const newest = today.getUTCFullYear() - MINIMUM_AGE;
  return Array.from({ length: BIRTH_SPAN }, (_, i) => newest - i);
}

/**
 * defaultDateOfBirth is MINIMUM_AGE years before today in UTC. On 29 February it is 28 February, not
 * 1 March, so that the default itself is old enough.
 */
export function defaultDateOfBirth(today: Date): DateParts {
  const year = today.getUTCFullYear() - MINIMUM_AGE;
  const month = today.getUTCMonth() + 1;
  return { year, month, day: Math.min(today.getUTCDate(), daysInMonth(year, month)) };
}

/** ageOn returns the age in whole years on today's UTC date of someone born on dob. */
export function ageOn(dob: DateParts, today: Date): number {
  const month = today.getUTCMonth() + 1;
  const day = today.getUTCDate();
  let age = today.getUTCFullYear() - dob.year;
  if (month < dob.month || (month === dob.month && day < dob.day)) age--;
  return age;
}

/** toISODate writes a date of birth as the API takes it: midnight UTC, as an ISO timestamp. */
export function toISODate({ year, month, day }: DateParts): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString();
}

/** parseISODate reads a date of birth the API sent back (a date or a UTC timestamp). */
export function parseISODate(value: string | undefined): DateParts | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!m) return undefined;
  const parts = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  return parts.day <= daysInMonth(parts.year, parts.month) && parts.month >= 1 && parts.month <= 12 ? parts : undefined;
}
