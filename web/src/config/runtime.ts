// The server renders the app's runtime settings into index.html as a JSON script tag, so the page
// knows its brand and switches before the first paint without an extra request. This module reads
// that tag once, checks every field, and falls back to safe defaults field by field: a bad value
// from an operator must never stop the app (or the crisis page) from rendering.

/** RuntimeConfig is the contract between the server's index.html and the app. */
export interface RuntimeConfig {
  /** brandName is the product's name, shown in the top bar, in copy and in document.title. */
  brandName: string;
  /** appStoreUrl is the iOS App Store page of the member app; empty when not configured. */
  appStoreUrl: string;
  /** accountUrl is this site's page for changing the password and signing out everywhere; empty when the identity provider is elsewhere. */
  accountUrl: string;
  /** paymentEnabled switches on the checkout steps of the flow. */
  paymentEnabled: boolean;
  /** features holds named on/off switches for work that ships dark. */
  features: Readonly<Record<string, boolean>>;
}

/** RUNTIME_CONFIG_ELEMENT_ID is the id of the script tag the server injects before </head>. */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

/** defaultRuntimeConfig applies when the tag is absent (the Vite dev server) or a field is bad. */
export const defaultRuntimeConfig: RuntimeConfig = Object.freeze({
  brandName: 'Wayfinder',
  appStoreUrl: '',
  accountUrl: '',
  paymentEnabled: false,
  features: Object.freeze({}),
});

// A brand name longer than this would break the top bar; it is surely a mistake in the settings.
const MAX_BRAND_LENGTH = 60;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readBrandName(value: unknown): string {
  if (typeof value !== 'string') return defaultRuntimeConfig.brandName;
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= MAX_BRAND_LENGTH ? trimmed : defaultRuntimeConfig.brandName;
}

// Only https URLs are accepted, so a settings mistake can never turn a store link into a
// javascript: URL or send members to a plain-text page.
function readHttpsUrl(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}

// readSitePath accepts a path on this site only ("/idp/account"), never another site ("//x").
function readSitePath(value: unknown): string {
  return typeof value === 'string' && /^\/(?![/\\])[\x21-\x7e]*$/.test(value) ? value : '';
}

function readFeatures(value: unknown): Record<string, boolean> {
  if (!isRecord(value)) return {};
  const features: Record<string, boolean> = {};
  for (const [name, enabled] of Object.entries(value)) {
    if (typeof enabled === 'boolean') features[name] = enabled;
  }
  return features;
}

/**
 * parseRuntimeConfig turns the tag's text into a RuntimeConfig. Missing or malformed input gives
 * the defaults; a well-formed object keeps its valid fields and defaults the others.
 */
export function parseRuntimeConfig(text: string | null | undefined): RuntimeConfig {
  if (text == null || text.trim() === '') return defaultRuntimeConfig;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    console.warn('runtime-config: the settings in the page are not valid JSON; using defaults');
    return defaultRuntimeConfig;
  }
  if (!isRecord(raw)) {
    console.warn('runtime-config: the settings in the page are not a JSON object; using defaults');
    return defaultRuntimeConfig;
  }
  return Object.freeze({
    brandName: readBrandName(raw.brandName),
    appStoreUrl: readHttpsUrl(raw.appStoreUrl),
    accountUrl: readSitePath(raw.accountUrl),
    paymentEnabled: typeof raw.paymentEnabled === 'boolean' ? raw.paymentEnabled : defaultRuntimeConfig.paymentEnabled,
    features: Object.freeze(readFeatures(raw.features)),
  });
}

/** readRuntimeConfig reads the settings from a document (the current page by default). */
export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  return parseRuntimeConfig(doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent);
}

let cached: RuntimeConfig | undefined;

/** getRuntimeConfig reads the page's settings on first use and returns the same object after. */
export function getRuntimeConfig(): RuntimeConfig {
  cached ??= readRuntimeConfig();
  return cached;
}
