import { createContext, use, type ReactNode } from 'react';
import { defaultRuntimeConfig, type RuntimeConfig } from './runtime';

// The settings travel through context rather than a module constant so that tests (and, later, a
// preview of another brand) can render the app with different settings.
const RuntimeConfigContext = createContext<RuntimeConfig>(defaultRuntimeConfig);

export function RuntimeConfigProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext value={config}>{children}</RuntimeConfigContext>;
}

/** useRuntimeConfig returns the settings the server rendered into the page. */
export function useRuntimeConfig(): RuntimeConfig {
  return use(RuntimeConfigContext);
}
