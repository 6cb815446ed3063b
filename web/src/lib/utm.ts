// Campaign values (UTM) a member arrived with, kept so the service learns which invitation brought
// them. Only the nine keys of the spec (§3) are read, each capped at MAX_UTM_LENGTH characters, so a
// long or hostile link can't fill storage or the database. They are kept in localStorage because the
// member leaves for the sign-in page before the first answer is saved, and they are sent with every
// progress update until the coach chooser clears them (spec §4). They are not health information.

export const utmKeys = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_adid',
  'utm_adgroup',
  'utm_term',
  'utm_content',
  'gclid',
  'coupon',
] as const;

export type UtmKey = (typeof utmKeys)[number];

export type Utm = Partial<Record<UtmKey, string>>;

/** MAX_UTM_LENGTH matches the server's limit; longer values are cut rather than refused here. */
export const MAX_UTM_LENGTH = 200;

const storageKey = 'utm';

/** readUtm picks the campaign values out of a query string such as location.search. */
export function readUtm(search: string): Utm {
  const params = new URLSearchParams(search);
  const utm: Utm = {};
  for (const key of utmKeys) {
    const value = params.get(key)?.trim();
    if (value) utm[key] = [...value].slice(0, MAX_UTM_LENGTH).join('');
  }
  return utm;
}

/**
 * captureUtm keeps the campaign values of the address the page was opened with. A new campaign
 * replaces the one kept before (the server keeps the first one); an address without any keeps it.
 */
export function captureUtm(search: string): void {
  const utm = readUtm(search);
  if (Object.keys(utm).length === 0) return;
  try {
    localStorage.setItem(storageKey, JSON.stringify(utm));
  } catch {
    // Storage can be full or switched off; the campaign is worth less than the member's time.
  }
}

/**
 * referrerSearch is the query of the page on this site that linked here (referrer, as in
 * document.referrer), or '' when another site or none did. The home page's links work before the
 * app has started there (web/scripts/first-frame.mjs), so a visitor may follow one before the
 * campaign values of the address they arrived with were kept: they are still in that address.
 */
export function referrerSearch(referrer: string, origin: string): string {
  try {
    const from = new URL(referrer);
    return from.origin === origin ? from.search : '';
  } catch {
    return '';
  }
}

/** storedUtm returns the kept campaign values, read again through readUtm's rules, or {}. */
export function storedUtm(): Utm {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(storageKey);
  } catch {
    return {};
  }
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string') params.set(key, value);
    return readUtm(params.toString());
  } catch {
    return {};
  }
}

/** clearUtm forgets the kept campaign values once the server has them for good (spec §4). */
export function clearUtm(): void {
  try {
    localStorage.removeItem(storageKey);
  } catch {
    // Nothing to clear when storage is off.
  }
}
