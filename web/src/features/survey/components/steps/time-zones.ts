import type { MessageKey } from '@/lib/messages';
import type { surveyAccountMessages } from '@/messages/survey-account';

// The US time zones the account step offers; the server accepts exactly these (internal/survey
// TimeZones). Each state's own zone comes with its live-state option in the survey definition.

/**
 * timeZoneNames maps each zone, in the order offered, to its name in the account step's copy. The
 * keys are written out rather than built from the zone, so the catalog's test can see each in use.
 */
export const timeZoneNames = {
  'America/New_York': 'timeZone.America/New_York',
  'America/Chicago': 'timeZone.America/Chicago',
  'America/Denver': 'timeZone.America/Denver',
  'America/Phoenix': 'timeZone.America/Phoenix',
  'America/Los_Angeles': 'timeZone.America/Los_Angeles',
  'America/Anchorage': 'timeZone.America/Anchorage',
  'Pacific/Honolulu': 'timeZone.Pacific/Honolulu',
} as const satisfies Readonly<Record<string, MessageKey<typeof surveyAccountMessages>>>;

export type TimeZone = keyof typeof timeZoneNames;

export const timeZones = Object.keys(timeZoneNames) as TimeZone[];

function isTimeZone(zone: string | undefined): zone is TimeZone {
  return (timeZones as readonly string[]).includes(zone ?? '');
}

/** startingTimeZone picks the zone to offer first: the member's earlier answer, their state's, their device's, else Eastern. */
export function startingTimeZone(earlier: string | undefined, ofState: string | undefined, device: string | undefined): TimeZone {
  for (const zone of [earlier, ofState, device]) if (isTimeZone(zone)) return zone;
  return 'America/New_York';
}
