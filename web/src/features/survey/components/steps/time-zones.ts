// The US time zones the account step offers; the server accepts exactly these (internal/survey
// TimeZones). Each state's own zone comes with its live-state option in the survey definition.

export const timeZones = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
] as const;

export type TimeZone = (typeof timeZones)[number];

function isTimeZone(zone: string | undefined): zone is TimeZone {
  return (timeZones as readonly string[]).includes(zone ?? '');
}

/** startingTimeZone picks the zone to offer first: the member's earlier answer, their state's, their device's, else Eastern. */
export function startingTimeZone(earlier: string | undefined, ofState: string | undefined, device: string | undefined): TimeZone {
  for (const zone of [earlier, ofState, device]) if (isTimeZone(zone)) return zone;
  return 'America/New_York';
}
