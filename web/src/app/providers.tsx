import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { RuntimeConfigProvider } from '@/config/runtime-context';
import type { RuntimeConfig } from '@/config/runtime';

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

export function AppProviders({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  // One client for the life of the page, created on first render so tests each get their own.
  const [queryClient] = useState(createQueryClient);
  return (
    <RuntimeConfigProvider config={config}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </RuntimeConfigProvider>
  );
}
