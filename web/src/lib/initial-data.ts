// A signed-in member who opens a survey step by its address gets the page with what the step needs
// already in it (the server's first_screen.go): the profile, their answers and the survey's
// definition, in a JSON script tag. Each is handed to its resource once, as the value it starts with,
// so the question paints as soon as the code has run, with no request in between; every later read
// asks the server as usual.

import { getStoredToken, pendingToken } from './auth-token';

/** INITIAL_DATA_ELEMENT_ID is the id of the script tag the server puts the data in. */
export const INITIAL_DATA_ELEMENT_ID = 'initial-data';

export type InitialDataKey = 'me' | 'survey' | 'definition';

/** initialDataUpdatedAt is when the data was read: when the page was asked for. */
export const initialDataUpdatedAt = (): number => Math.round(performance.timeOrigin);

let pending: Partial<Record<InitialDataKey, unknown>> | undefined;

// read parses the tag the first time it is needed, and removes it: the data lives here from then on.
// The data is the session cookie's member's. A page that speaks to the API with the native shell's
// token, which may be another account's, leaves it unread and asks the API.
function read(): Partial<Record<InitialDataKey, unknown>> {
  if (pending) return pending;
  pending = {};
  const element = document.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element) return pending;
  element.remove();
  if (getStoredToken() !== null || pendingToken() !== null) return pending;
  try {
    const value: unknown = JSON.parse(element.textContent ?? '');
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) pending = { ...value };
  } catch {
    // A broken tag is no data: the resources ask the server instead.
  }
  return pending;
}

/** hasInitialData tells whether the page still holds a value for key, without taking it. */
export function hasInitialData(key: InitialDataKey): boolean {
  return read()[key] !== undefined;
}

/**
 * takeInitialData returns the page's value for key once, and undefined after: a resource made
 * again (for another render of the app) must ask the server, not reuse the page's old answer.
 */
export function takeInitialData(key: InitialDataKey): unknown {
  const all = read();
  const value = all[key];
  delete all[key];
  return value;
}

/**
 * provideInitialData hands the data over directly where no page holds it: a first frame rendered
 * at build time (src/first-frame/render.tsx) as a member would see it.
 */
export function provideInitialData(data: Partial<Record<InitialDataKey, unknown>>): void {
  pending = { ...data };
}
