import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '@/styles/fonts.css';
import '@/styles/tokens.css';
import '@/styles/base.css';
import { getRuntimeConfig } from '@/config/runtime';
import { defaultLocale } from '@/lib/messages';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to render the app into');

document.documentElement.lang = defaultLocale;

createRoot(container).render(
  <StrictMode>
    <AppProviders config={getRuntimeConfig()}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
