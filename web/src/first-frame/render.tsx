import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { defaultRuntimeConfig } from '@/config/runtime';
import { defaultLocale, interpolate } from '@/lib/messages';
import { appMessages } from '@/messages/app';
import { homeMessages } from '@/messages/home';

/**
 * BRAND is what the first frame says in place of the brand name, which the server's settings give
 * (RuntimeConfig.brandName): the server puts the name in, escaped, when it loads the page
 * (internal/httpapi/spa.go). Characters no brand or copy would hold, so nothing else is replaced.
 */
export const BRAND = '\u2060brand\u2060';

/**
 * renderHome is the home page's first frame as a visitor sees it before the app's code has run:
 * the markup of the app's own components, rendered at build time (scripts/first-frame.mjs), which
 * the app replaces with the same markup when it starts. Only links work before then; there is no
 * member data in it, so the page stays cacheable.
 */
export function renderHome(): string {
  return renderToStaticMarkup(
    <AppProviders config={{ ...defaultRuntimeConfig, brandName: BRAND }}>
      <Router ssrPath="/">
        <AppRoutes />
      </Router>
    </AppProviders>,
  );
}

/**
 * homeTitle is the home page's name in the browser tab, as usePageTitle writes it once the app has
 * started, so that the tab, and a screen reader announcing the page, name it from the first paint.
 */
export function homeTitle(): string {
  const page = interpolate(homeMessages.languages[defaultLocale].title, { brand: BRAND });
  return interpolate(appMessages.languages[defaultLocale].documentTitle, { page, brand: BRAND });
}
