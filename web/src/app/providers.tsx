import { useState, type ReactNode } from 'react';
import { RuntimeConfigProvider } from '@/config/runtime-context';
import type { RuntimeConfig } from '@/config/runtime';
import { PageData, PageDataContext } from '@/lib/resource';

export function AppProviders({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  // The page's data lives as long as the page (see PageData); one per render of the app, so tests
  // each get their own.
  const [data] = useState(() => new PageData());
  return (
    <RuntimeConfigProvider config={config}>
      <PageDataContext value={data}>{children}</PageDataContext>
    </RuntimeConfigProvider>
  );
}
