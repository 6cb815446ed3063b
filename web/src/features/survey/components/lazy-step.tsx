import { lazy, type ComponentType } from 'react';

/** LazyStep is a step's screen whose code loads on demand, and can be asked to load ahead. */
export type LazyStep<P extends object> = ComponentType<P> & { preload: () => void };

/**
 * lazyStep wraps the code of a form step so it loads only when needed: each form is worth a few
 * kilobytes, and a member's first screen carries only its own. preload() fetches it ahead (the step
 * before it does so), and once loaded it renders at once, without a Suspense fallback, so Next
 * paints the following step in the same frame. A load that failed is tried again next time.
 */
export function lazyStep<P extends object>(load: () => Promise<ComponentType<P>>): LazyStep<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const fetchCode = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => fetchCode().then((component) => ({ default: component })));
  function Step(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Step, {
    preload: () => {
      // A failed preload is not an error yet: the step's own render will try again and report it.
      fetchCode().catch(() => undefined);
    },
  });
}
