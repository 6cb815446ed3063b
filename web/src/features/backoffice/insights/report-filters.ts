import { staffPaths } from '@/features/backoffice/shared/staff-paths';

// The reports' filters live in the page's address (?from=&to=&utm_source=&utm_campaign=&device=
// &payment=), under the same names the API takes, so a filtered view can be shared and Back
// returns to the one before. The values hold no member's data: only days and campaign names.

/** ReportFilters narrows the reports; "" means any. Days are YYYY-MM-DD, whole days in UTC, as the server counts them. */
export interface ReportFilters {
  from: string;
  to: string;
  source: string;
  campaign: string;
  /** device is iphone, android or none (not given); the server refuses anything else. */
  device: string;
  /** payment is offered or not-offered: whether the site offered payment when they signed up. */
  payment: string;
}

/** REPORT_DAYS is how many days a report covers when the address names none, today included (the server's default too). */
export const REPORT_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** utcDay writes a moment's day in UTC as YYYY-MM-DD. */
function utcDay(moment: number): string {
  return new Date(moment).toISOString().slice(0, 10);
}

/** defaultRange is the last REPORT_DAYS days in UTC, today included: the days the server reports without a range. */
export function defaultRange(now: Date = new Date()): { from: string; to: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: utcDay(today - (REPORT_DAYS - 1) * DAY_MS), to: utcDay(today) };
}

/** filtersOf reads the filters from the address's query, with the last 30 days where it names no days. */
export function filtersOf(search: string, now: Date = new Date()): ReportFilters {
  const query = new URLSearchParams(search);
  const range = defaultRange(now);
  const get = (name: string) => query.get(name)?.trim() ?? '';
  return {
    from: get('from') || range.from,
    to: get('to') || range.to,
    source: get('utm_source'),
    campaign: get('utm_campaign'),
    device: get('device'),
    payment: get('payment'),
  };
}

/** isFiltered tells whether filters narrow the members beyond the days they signed up. */
export function isFiltered(filters: ReportFilters): boolean {
  return filters.source !== '' || filters.campaign !== '' || filters.device !== '' || filters.payment !== '';
}

/**
 * reportQuery is the query string of a funnel request ("from=…&to=…&device=iphone"), leaving out
 * the filters that are "any". The days are always sent, so the page, the campaigns beside it and a
 * download all count the same days, even across midnight.
 */
export function reportQuery(filters: ReportFilters): string {
  const query = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.source) query.set('utm_source', filters.source);
  if (filters.campaign) query.set('utm_campaign', filters.campaign);
  if (filters.device) query.set('device', filters.device);
  if (filters.payment) query.set('payment', filters.payment);
  return query.toString();
}

/**
 * insightsPath is the page's address with the given filters. The days are left out when they are
 * the default range, so a shared link to "the last 30 days" stays the last 30 days when it is
 * opened later; any other range is written in full.
 */
export function insightsPath(filters: ReportFilters, now: Date = new Date()): string {
  const range = defaultRange(now);
  const query = new URLSearchParams();
  if (filters.from !== range.from || filters.to !== range.to) {
    if (filters.from) query.set('from', filters.from);
    if (filters.to) query.set('to', filters.to);
  }
  if (filters.source) query.set('utm_source', filters.source);
  if (filters.campaign) query.set('utm_campaign', filters.campaign);
  if (filters.device) query.set('device', filters.device);
  if (filters.payment) query.set('payment', filters.payment);
  const search = query.toString();
  return search ? `${staffPaths.insights}?${search}` : staffPaths.insights;
}
