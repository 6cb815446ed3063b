// A controllable stand-in for window.matchMedia, which jsdom lacks. Tests pick which media queries
// match (for example prefers-reduced-motion) with setMatchingMedia.

let matches: (query: string) => boolean = () => false;

/** setMatchingMedia makes the given queries match until the end of the test. */
export function setMatchingMedia(...queries: string[]): void {
  const set = new Set(queries);
  matches = (query) => set.has(query);
}

export function resetMatchingMedia(): void {
  matches = () => false;
}

export function installMatchMedia(): void {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  });
}
