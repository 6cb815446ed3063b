import { describe, expect, it } from 'vitest';
import { defaultRange, filtersOf, insightsPath, reportQuery } from './report-filters';

// 23:30 in New York on the 24th is already the 25th in UTC, where the server counts its days.
const now = new Date('2026-11-25T04:30:00Z');

describe('the reports’ filters', () => {
  it('default to the last 30 days in UTC, today included', () => {
    expect(defaultRange(now)).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(filtersOf('', now)).toEqual({ from: '2026-10-27', to: '2026-11-25', source: '', campaign: '', device: '', payment: '' });
  });

  it('are read from the address under the API’s names', () => {
    expect(filtersOf('?from=2026-01-01&to=2026-01-31&utm_source=google&utm_campaign=focus%20brand&device=iphone&payment=offered', now)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      source: 'google',
      campaign: 'focus brand',
      device: 'iphone',
      payment: 'offered',
    });
  });

  it('ask the server for the days always, and for the other filters only when set', () => {
    expect(reportQuery(filtersOf('', now))).toBe('from=2026-10-27&to=2026-11-25');
    expect(reportQuery(filtersOf('?utm_campaign=a%26b&payment=not-offered', now))).toBe('from=2026-10-27&to=2026-11-25&utm_campaign=a%26b&payment=not-offered');
  });

  it('leave the default days out of the page’s address, so a shared link stays “the last 30 days”', () => {
    expect(insightsPath(filtersOf('', now), now)).toBe('/staff/insights');
    expect(insightsPath({ ...filtersOf('', now), device: 'none' }, now)).toBe('/staff/insights?device=none');
    expect(insightsPath({ ...filtersOf('', now), to: '2026-11-20' }, now)).toBe('/staff/insights?from=2026-10-27&to=2026-11-20');
  });
});
