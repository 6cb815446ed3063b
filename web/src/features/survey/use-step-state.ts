import { useState } from 'react';

/**
 * useStepState is useState for what belongs to one visit to a step of the survey. The survey shows
 * step after step in the same components (React keeps their elements, which paints the next step
 * sooner), so when another step comes, the state starts again from initial, before it is shown.
 */
export function useStepState<T>(slug: string, initial: T): [T, (value: T) => void] {
  const [state, setState] = useState({ slug, value: initial });
  if (state.slug !== slug) {
    // React renders the component again at once with the fresh state, before anything is shown;
    // keeping the old value under its slug would bring it back on a later visit to that step.
    setState({ slug, value: initial });
  }
  const value = state.slug === slug ? state.value : initial;
  return [value, (next: T) => setState({ slug, value: next })];
}
