// wouter reads useSyncExternalStore from the use-sync-external-store shim, which carries a copy of
// the hook for React 17. React 19 has its own, so the build points the shim here (vite.config.ts)
// and the first screen goes without the copy.
export { useSyncExternalStore } from 'react';
