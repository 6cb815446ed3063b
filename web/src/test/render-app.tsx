import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { defaultRuntimeConfig, type RuntimeConfig } from '@/config/runtime';

/**
 * renderApp renders the whole app (providers, frame, real route table) at a path, in memory, the
 * way a member who opened that address would see it.
 */
export function renderApp(path: string, config: RuntimeConfig = defaultRuntimeConfig) {
  const memory = memoryLocation({ path, record: true });
  const user = userEvent.setup();
  const view = render(
    <AppProviders config={config}>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <AppRoutes />
      </Router>
    </AppProviders>,
  );
  return {
    user,
    navigate: (to: string) =>
      act(async () => {
        memory.navigate(to);
        await Promise.resolve();
      }),
    pathname: () => memory.history.at(-1)?.split('?')[0],
    ...view,
  };
}
