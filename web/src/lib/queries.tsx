import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { use, type ReactNode } from 'react';
import { PageDataContext } from './resource';

// The query client's code, loaded with the first part of the app that reads data through it (see
// with-queries.tsx), never with the home page's or a survey step's first screen.

/**
 * createQueryClient sets the app's data-fetching defaults (spec §9): answers stay fresh for 10 s,
 * and returning to the tab does not refetch, which would make a form jump while being filled.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 10_000, refetchOnWindowFocus: false },
    },
  });
}

/** WithQueries gives its children the page's query client. */
export function WithQueries({ children }: { children: ReactNode }) {
  const client = use(PageDataContext).queryClient(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
