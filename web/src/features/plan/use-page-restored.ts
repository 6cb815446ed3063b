import { useEffect } from 'react';

/**
 * usePageRestored calls onRestored when the browser shows this page again from its back/forward
 * cache: a member who comes back from checkout with the Back button gets the page as they left it,
 * still waiting for checkout, and it must be ready again.
 */
export function usePageRestored(onRestored: () => void) {
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) onRestored();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [onRestored]);
}
