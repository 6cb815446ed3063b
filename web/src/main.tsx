import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/styles/fonts.css';
import '@/styles/tokens.css';
import '@/styles/base.css';
import { getRuntimeConfig } from '@/config/runtime';
import { captureLaunchToken } from '@/lib/auth-token';
import { readLaunchFlags } from '@/lib/launch-flags';
import { defaultLocale } from '@/lib/messages';
import { captureUtm } from '@/lib/utm';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';

// Before anything renders: the native shell's token leaves the address bar at once (and is kept
// for the API client), and the address's switches and campaign values are read while they are
// still there.
captureLaunchToken();
readLaunchFlags(window.location.search);
captureUtm(window.location.search);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to render the app into');

document.documentElement.lang = defaultLocale;

createRoot(container).render(
  <StrictMode>
    <AppProviders config={getRuntimeConfig()}>
      <AppRoutes />
    </AppProviders>
  </StrictMode>,
);
