import { describe, expect, it } from 'vitest';
import { csvFileNameOf } from './download-file';

describe('csvFileNameOf', () => {
  it.each([
    ['attachment; filename="wayfinder-android-waitlist-2026-03-04.csv"', 'wayfinder-android-waitlist-2026-03-04.csv'],
    ['attachment; filename=wayfinder-funnel-2026-10-26-to-2026-11-24.csv', 'wayfinder-funnel-2026-10-26-to-2026-11-24.csv'],
    ['attachment; filename="../../etc/passwd.csv"', 'fallback.csv'],
    ['attachment; filename="list.exe"', 'fallback.csv'],
    [null, 'fallback.csv'],
  ])('reads %s as %s', (header, want) => {
    expect(csvFileNameOf(header, 'fallback.csv')).toBe(want);
  });
});
