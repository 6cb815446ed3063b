import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate, formatDateTime, formatRelative, isoDate } from './dates';

describe('staff dates', () => {
  const now = new Date('2026-03-04T15:00:00Z');

  it.each([
    ['2026-03-04T14:59:30Z', 'just now'],
    ['2026-03-04T14:55:00Z', '5 minutes ago'],
    ['2026-03-04T12:00:00Z', '3 hours ago'],
    ['2026-03-03T15:00:00Z', 'yesterday'],
    ['2026-02-25T15:00:00Z', 'last week'],
    ['2026-01-01T15:00:00Z', '2 months ago'],
    ['2024-03-01T15:00:00Z', '2 years ago'],
    ['2026-03-04T17:00:00Z', 'in 2 hours'],
  ])('writes %s as “%s”', (iso, want) => {
    expect(formatRelative(iso, now)).toBe(want);
  });

  it('writes a moment’s day, and day and time, in American English', () => {
    expect(formatDate('2026-03-04T12:00:00Z')).toBe('Mar 4, 2026');
    expect(formatDateTime('2026-03-04T12:05:00Z')).toMatch(/^Mar 4, 2026, \d{1,2}:05 [AP]M$/);
  });

  it('writes a date of birth as the calendar date it is, in any time zone', () => {
    expect(formatCalendarDate('1990-04-30')).toBe('Apr 30, 1990');
    expect(formatCalendarDate('not a date')).toBe('');
  });

  it('gives nothing for no moment or a broken one, never “Invalid Date”', () => {
    for (const format of [formatDate, formatDateTime, formatRelative, isoDate]) {
      expect(format(null)).toBe('');
      expect(format('yesterday-ish')).toBe('');
    }
  });
});
