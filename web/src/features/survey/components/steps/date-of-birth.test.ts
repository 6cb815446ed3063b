// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ageOn, birthYears, daysInMonth, defaultDateOfBirth, parseISODate, toISODate } from './date-of-birth';

const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d, 15, 30));

describe('dates of birth', () => {
  it('offers 100 years, the newest 18 years back', () => {
    const years = birthYears(utc(2026, 11, 22));
    expect(years).toHaveLength(100);
    expect(years[0]).toBe(2008);
    expect(years.at(-1)).toBe(1909);
  });

  it.each([
    [utc(2026, 11, 22), { year: 2008, month: 11, day: 22 }],
    [utc(2028, 2, 29), { year: 2010, month: 2, day: 28 }],
    [utc(2026, 1, 1), { year: 2008, month: 1, day: 1 }],
  ])('starts 18 years before %s', (today, want) => {
    expect(defaultDateOfBirth(today)).toEqual(want);
  });

  it.each([
    [{ year: 2008, month: 11, day: 22 }, 18],
    [{ year: 2008, month: 11, day: 23 }, 17],
    [{ year: 1990, month: 4, day: 30 }, 36],
  ])('counts the age of %j on 22 November 2026 as %i', (dob, want) => {
    expect(ageOn(dob, utc(2026, 11, 22))).toBe(want);
  });

  it('knows the length of months and leap years', () => {
    expect(daysInMonth(2023, 4)).toBe(30);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
  });

  it('writes and reads the API’s form', () => {
    expect(toISODate({ year: 1990, month: 4, day: 30 })).toBe('1990-04-30T00:00:00.000Z');
    expect(parseISODate('1990-04-30T00:00:00.000Z')).toEqual({ year: 1990, month: 4, day: 30 });
    expect(parseISODate('1990-04-31')).toBeUndefined();
    expect(parseISODate('soon')).toBeUndefined();
  });
});
