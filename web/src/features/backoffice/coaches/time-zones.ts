// The time zones a coach can be given, grouped by region for the form's select. The browser knows
// the IANA names (Intl.supportedValuesOf); an older browser without it gets the zones of the US,
// where the coaches work. The server takes only Region/City names, so bare ones such as UTC are
// left out.

const fallbackZones = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
];

let known: readonly string[] | undefined;

/** timeZones lists the Region/City zones this browser knows, sorted. */
export function timeZones(): readonly string[] {
  if (known) return known;
  let zones: string[] = fallbackZones;
  try {
    if (typeof Intl.supportedValuesOf === 'function') zones = Intl.supportedValuesOf('timeZone');
  } catch {
    // An engine that lists no zones keeps the fallback.
  }
  known = zones.filter((zone) => zone.includes('/')).sort();
  return known;
}

/**
 * timeZoneGroups groups the zones by region ("America", "Europe"), for optgroups. current is
 * added when the browser doesn't know it, so a coach's saved zone is never silently dropped.
 */
export function timeZoneGroups(current = ''): [string, string[]][] {
  const zones = current && !timeZones().includes(current) ? [...timeZones(), current].sort() : timeZones();
  const groups = new Map<string, string[]>();
  for (const zone of zones) {
    const slash = zone.indexOf('/');
    const region = slash > 0 ? zone.slice(0, slash) : zone;
    const group = groups.get(region);
    if (group) group.push(zone);
    else groups.set(region, [zone]);
  }
  return [...groups];
}
