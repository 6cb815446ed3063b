// The US time zones the account step offers (the server accepts exactly these, see
// internal/survey TimeZones) and the main zone of each state, to start from the member's answer to
// live-state. States that span two zones get the one most of their people live in.

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

const eastern = ['CT', 'DE', 'DC', 'FL', 'GA', 'IN', 'KY', 'ME', 'MD', 'MA', 'MI', 'NH', 'NJ', 'NY', 'NC', 'OH', 'PA', 'RI', 'SC', 'VT', 'VA', 'WV'];
const central = ['AL', 'AR', 'IL', 'IA', 'KS', 'LA', 'MN', 'MS', 'MO', 'NE', 'ND', 'OK', 'SD', 'TN', 'TX', 'WI'];
const mountain = ['CO', 'ID', 'MT', 'NM', 'UT', 'WY'];
const pacific = ['CA', 'NV', 'OR', 'WA'];

export const stateTimeZone: Readonly<Record<string, TimeZone>> = {
  ...Object.fromEntries(eastern.map((s) => [s, 'America/New_York'])),
  ...Object.fromEntries(central.map((s) => [s, 'America/Chicago'])),
  ...Object.fromEntries(mountain.map((s) => [s, 'America/Denver'])),
  ...Object.fromEntries(pacific.map((s) => [s, 'America/Los_Angeles'])),
  AZ: 'America/Phoenix',
  AK: 'America/Anchorage',
  HI: 'Pacific/Honolulu',
};

function isTimeZone(zone: string | undefined): zone is TimeZone {
  return (timeZones as readonly string[]).includes(zone ?? '');
}

/** startingTimeZone picks the zone to offer first: the member's earlier answer, their state's, their device's, else Eastern. */
export function startingTimeZone(earlier: string | undefined, stateCode: string | undefined, device: string | undefined): TimeZone {
  if (isTimeZone(earlier)) return earlier;
  const ofState = stateCode ? stateTimeZone[stateCode] : undefined;
  if (ofState) return ofState;
  return isTimeZone(device) ? device : 'America/New_York';
}
