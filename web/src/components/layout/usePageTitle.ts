import { useEffect } from 'react';
import { useT } from '@/lib/messages';

/**
 * usePageTitle names the browser tab after the page, then the brand ("Not Found · Wayfinder"), so
 * members with many tabs open, and screen readers announcing a new page, know where they are.
 */
export function usePageTitle(page: string): void {
  const t = useT();
  const title = t('app.documentTitle', { page });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
