import { staffLocale } from '@/features/backoffice/shared/dates';
import type { Translate } from '@/lib/messages';
import type { staffInsightsMessages } from '@/messages/staff-insights';
import type { ReportCount } from './api/get-funnel';

// How the reports write their numbers: counts with thousands separators, or "fewer than 5" under
// the privacy floor (never a number); shares as percentages to one decimal; times in the largest
// units that matter ("45 s", "3 min 20 s", "2 h 5 min").

type T = Translate<typeof staffInsightsMessages>;

const countFormat = new Intl.NumberFormat(staffLocale);
const percentFormat = new Intl.NumberFormat(staffLocale, { style: 'percent', maximumFractionDigits: 1 });

/** countValue is a count's number, or null when the privacy floor hides it. */
export function countValue(count: ReportCount): number | null {
  return 'value' in count ? count.value : null;
}

/** countText writes a count: "1,204", or "fewer than 5" when it is hidden. */
export function countText(t: T, count: ReportCount, minCellSize: number): string {
  const n = countValue(count);
  return n === null ? t('fewerThan', { n: minCellSize }) : countFormat.format(n);
}

/** percentText writes a share given in percent (16.8) as "16.8%"; the caller handles null. */
export function percentText(share: number): string {
  return percentFormat.format(share / 100);
}

/**
 * durationText writes a number of seconds in its two largest units: "45 s", "3 min 20 s",
 * "2 h 5 min", "1 d 3 h". A unit of zero after the first is left out ("3 min", not "3 min 0 s").
 */
export function durationText(t: T, seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const units: [number, 'days' | 'hours' | 'minutes' | 'seconds'][] = [
    [Math.floor(s / 86_400), 'days'],
    [Math.floor((s % 86_400) / 3600), 'hours'],
    [Math.floor((s % 3600) / 60), 'minutes'],
    [s % 60, 'seconds'],
  ];
  const first = units.findIndex(([n]) => n > 0);
  if (first < 0) return t('seconds', { n: 0 });
  return units
    .slice(first, first + 2)
    .filter(([n], i) => i === 0 || n > 0)
    .map(([n, unit]) => t(unit, { n }))
    .join(' ');
}
