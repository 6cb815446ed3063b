import { useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

/**
 * LazyComponent is a component whose code loads on demand, and can be asked to load ahead:
 * preload() starts the download, and load() also tells when it is over (loaded or failed), for a
 * page whose first render must not show a fallback (see preparePage in app/router.tsx).
 */
export type LazyComponent<P extends object> = ComponentType<P> & { preload: () => void; load: () => Promise<void> };

type Snapshot<P> =
  | { status: 'pending' }
  | { status: 'loaded'; component: ComponentType<P> }
  | { status: 'failed'; error: unknown };

/**
 * lazyComponent wraps a component whose code loads on demand, so a page carries only the code it
 * shows. It renders fallback until the code is in, then the component, and preload() starts the
 * download ahead of need.
 *
 * It does not suspend, as React.lazy does: React holds the content of a Suspense boundary back
 * until 300 ms after its fallback appeared, so a survey step opened by its address waited that
 * long twice (once for the sign-in guard's code, once for the page's), with everything already
 * downloaded. A plain state change is not held back.
 *
 * A download that fails without a connection is tried again when the connection returns; any other
 * failure is thrown to the nearest error boundary, whose "Try again" downloads anew.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): LazyComponent<P> {
  let snapshot: Snapshot<P> = { status: 'pending' };
  let started = false;
  const listeners = new Set<() => void>();
  const waiting = new Set<() => void>();
  const settle = (next: Snapshot<P>) => {
    snapshot = next;
    for (const listener of listeners) listener();
    for (const done of waiting) done();
    waiting.clear();
  };
  const preload = () => {
    if (started) return;
    started = true;
    load().then(
      (component) => settle({ status: 'loaded', component }),
      (error: unknown) => {
        // Without a connection the download is tried again when it returns, and the fallback
        // stays meanwhile: a dropped network is a wait, not a failure.
        if (!navigator.onLine) {
          const retry = () => {
            started = false;
            preload();
          };
          window.addEventListener('online', retry, { once: true });
          return;
        }
        settle({ status: 'failed', error });
      },
    );
  };
  const loaded = () =>
    new Promise<void>((done) => {
      if (snapshot.status !== 'pending') return done();
      waiting.add(done);
      preload();
    });
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  function Lazy(props: P) {
    const current = useSyncExternalStore(subscribe, () => snapshot, () => snapshot);
    if (current.status === 'failed') {
      // The failure is forgotten once the error boundary shows it, so that its "Try again"
      // downloads anew. Not at once: React renders a failing tree a second time before it gives
      // up, and that render must fail too, or the download would start over and over.
      setTimeout(() => {
        if (snapshot !== current) return;
        snapshot = { status: 'pending' };
        started = false;
      }, 0);
      throw current.error;
    }
    preload();
    if (current.status === 'pending') return fallback;
    const Loaded = current.component;
    return <Loaded {...props} />;
  }
  return Object.assign(Lazy, { preload, load: loaded });
}
