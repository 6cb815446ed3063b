import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { defaultRuntimeConfig, type RuntimeConfig } from '@/config/runtime';

type Probe = { navigate?: NavigateFunction; location?: Location };

// RouterProbe hands the test the router's navigate function and current location.
function RouterProbe({ report }: { report: (p: Required<Probe>) => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => report({ navigate, location }), [report, navigate, location]);
  return null;
}

/**
 * renderApp renders the whole app (providers, frame, real route table) at a path, in memory, the
 * way a member who opened that address would see it.
 */
export function renderApp(path: string, config: RuntimeConfig = defaultRuntimeConfig) {
  let probe: Probe = {};
  const report = (p: Required<Probe>) => {
    probe = p;
  };
  const user = userEvent.setup();
  const view = render(
    <AppProviders config={config}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <RouterProbe report={report} />
      </MemoryRouter>
    </AppProviders>,
  );
  return {
    user,
    navigate: (to: string) => act(async () => probe.navigate?.(to)),
    pathname: () => probe.location?.pathname,
    ...view,
  };
}
