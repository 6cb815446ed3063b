import { useState, type ReactNode } from 'react';
import { RuntimeConfigProvider } from '@/config/runtime-context';
import type { RuntimeConfig } from '@/config/runtime';
import { QueryClientBox, QueryClientBoxContext } from '@/lib/query-client-box';

export function AppProviders({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  // One query client for the life of the page, made by the first part that reads data (see
  // QueryClientBox); one box per render of the app, so tests each get their own.
  const [queries] = useState(() => new QueryClientBox());
  return (
    <RuntimeConfigProvider config={config}>
      <QueryClientBoxContext value={queries}>{children}</QueryClientBoxContext>
    </RuntimeConfigProvider>
  );
}
