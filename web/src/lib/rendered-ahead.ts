import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * useRenderedAhead is true while a component is rendered at build time into a page's first frame
 * (src/first-frame/render.tsx), which paints before the app's code has run, and false in the
 * browser. A control that only the app's code can answer leaves itself out of the first frame, so
 * that nobody presses it in vain; it appears when the app takes the page over.
 */
export function useRenderedAhead(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );
}
