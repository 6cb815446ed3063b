import type { ComponentType } from 'react';

/** loadQueries loads the query client's code (lib/queries.tsx). */
export const loadQueries = () => import('./queries');

/**
 * withQueries turns the load of a lazily loaded part of the app that reads through the query client
 * (every read but the profile, the definition and the answers: see resource.ts) into one that
 * also loads the query client's code, alongside rather than after, and renders the part inside
 * WithQueries. Every such part loads through it (the pages, the staff app, the waitlist step); what
 * those parts render in turn is inside it already.
 */
export function withQueries<P extends object>(load: () => Promise<ComponentType<P>>): () => Promise<ComponentType<P>> {
  return () =>
    Promise.all([load(), loadQueries()]).then(([Component, { WithQueries }]) => {
      function WithData(props: P) {
        return (
          <WithQueries>
            <Component {...props} />
          </WithQueries>
        );
      }
      return WithData;
    });
}
