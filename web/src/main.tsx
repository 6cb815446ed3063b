import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import '@/styles/fonts.css';
import '@/styles/tokens.css';
import '@/styles/base.css';
import { getRuntimeConfig } from '@/config/runtime';
import { captureLaunchToken, pendingToken } from '@/lib/auth-token';
import { hasInitialData } from '@/lib/initial-data';
import { readLaunchFlags } from '@/lib/launch-flags';
import { pressEnded } from '@/lib/press-ended';
import { defaultLocale } from '@/lib/messages';
import { rememberSignedIn } from '@/lib/session';
import { captureUtm, referrerSearch } from '@/lib/utm';
import { AppProviders } from '@/app/providers';
import { AppRoutes, preparePage } from '@/app/router';

// Before anything renders: the native shell's token leaves the address bar at once (and is kept
// for the API client, or held until it is clear whose account it is), and the address's switches
// and campaign values are read while they are still there, after those of the page on this site
// that linked here (see referrerSearch).
captureLaunchToken();
readLaunchFlags(window.location.search);
captureUtm(referrerSearch(document.referrer, window.location.origin));
captureUtm(window.location.search);
// A page that arrived with the member's profile in it was asked for by a signed-in member: right
// after sign-in, say, when nothing on this device knew it yet. The hint says so from the start.
if (hasInitialData('me')) rememberSignedIn();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to render the app into');

document.documentElement.lang = defaultLocale;

// A page that arrived drawn (see src/first-frame/render.tsx) is taken over only once the code of
// all it shows is in, so that the app's first render paints the same page and not, for a moment,
// a loading screen. Its own start script is fetching that code already.
const arrivedDrawn = container.firstElementChild !== null;

async function start(root: HTMLElement): Promise<void> {
  if (arrivedDrawn) {
    await preparePage(window.location.pathname);
    // A press on the drawn page ends there, or it would make no click (see pressEnded).
    await pressEnded(root);
  }
  const app = createRoot(root);
  const render = () =>
    app.render(
      <StrictMode>
        <AppProviders config={getRuntimeConfig()}>
          <AppRoutes />
        </AppProviders>
      </StrictMode>,
    );
  // The page on screen already is the one the app draws, so the app may draw it in short slices,
  // leaving the browser free between them to answer a tap or a scroll; a blank page is drawn at once.
  if (arrivedDrawn) startTransition(render);
  else render();
}

// A token that may be for another account than the page's own waits for the member's choice, in
// a module only such pages load.
if (pendingToken() === null) {
  void start(container);
} else {
  void import('@/app/auth/account-switch')
    .then(({ resolveAccountSwitch }) => resolveAccountSwitch(container))
    .catch((error: unknown) => console.warn('Could not settle which account to use', error))
    .finally(() => void start(container));
}
