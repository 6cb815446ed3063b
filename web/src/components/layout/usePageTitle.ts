import { useEffect } from 'react';
import { afterNextPaint } from '@/lib/after-next-paint';
import { useT } from '@/lib/messages';
import { nameTabAhead, useRenderedAhead } from '@/lib/rendered-ahead';
import { appMessages } from '@/messages/app';

/**
 * usePageTitle names the browser tab after the page, then the brand ("Not Found · Wayfinder"), so
 * members with many tabs open, and screen readers announcing a new page, know where they are.
 */
export function usePageTitle(page: string): void {
  const t = useT(appMessages);
  const title = t('documentTitle', { page });
  // A page rendered ahead runs no effects: its tab's name goes into the page as it is built.
  if (useRenderedAhead()) nameTabAhead(title);
  // The tab's name changes once the page is on screen: naming it costs the browser time that the
  // new page's first paint would otherwise wait for.
  useEffect(
    () =>
      afterNextPaint(() => {
        document.title = title;
      }),
    [title],
  );
}
