import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { paths, usesMinimalChrome } from '@/config/paths';
import { useRuntimeConfig } from '@/config/runtime-context';
import { useT } from '@/lib/messages';
import { afterNextPaint } from '@/lib/after-next-paint';
import { BrandMark } from '@/components/brand/BrandMark';
import { focusHeadingOf } from './focus-heading';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import styles from './AppLayout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** prefersReducedMotion tells whether the member asked their system for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * AppLayout is the frame of every page: a top bar with the brand, then one centred scroll area
 * (spec: page layout). On each change of path it brings the new page to the top of the scroll
 * area and moves focus to its main heading, so keyboard and screen-reader users start reading the
 * new page from its beginning instead of being left on a link that no longer exists.
 * headerEnd holds controls for the right of the top bar (the account menu), composed by the app,
 * after the colour scheme's toggle.
 */
export function AppLayout({ children, headerEnd }: { children: ReactNode; headerEnd?: ReactNode }) {
  const [pathname] = useLocation();
  const { brandName } = useRuntimeConfig();
  const t = useT();
  const mainRef = useRef<HTMLElement>(null);
  // The previous path, so the first render (and React's development double run of effects) does
  // not count as a navigation: a freshly loaded page keeps the browser's own focus start.
  const previousPathname = useRef(pathname);
  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    const main = mainRef.current;
    if (!main) return;
    // Without motion, the page jumps to the top before the new page paints, so it never shows
    // half-way down. Reading scrollTop here makes the browser lay the new page out at once rather
    // than in the coming frame: the same work a moment earlier, for these members only.
    if (prefersReducedMotion() && main.scrollTop > 0) main.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    // For everyone else the rest waits until the new page is on screen, a frame later than it
    // could: scrolling and focusing make the browser lay the page out at once, which would keep the
    // new page from painting that much longer. A smooth scroll starts from where the page is
    // either way, and a heading focused from code shows no ring, so the frame's wait shows nowhere.
    // A page already at the top is left alone: even an empty smooth scroll costs a phone time.
    let stopWaiting = () => {};
    const cancel = afterNextPaint(() => {
      if (main.scrollTop > 0) main.scrollTo({ top: 0, left: 0, behavior: prefersReducedMotion() ? 'instant' : 'smooth' });
      stopWaiting = focusHeadingOf(main);
    });
    return () => {
      cancel();
      stopWaiting();
    };
  }, [pathname]);

  // The skip link moves focus itself instead of following the #hash, which would add a history
  // entry and change the address for nothing.
  function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    mainRef.current?.focus();
  }

  return (
    <div className={styles.shell} data-chrome={usesMinimalChrome(pathname) ? 'minimal' : 'full'}>
      <a className={styles.skipLink} href={`#${MAIN_CONTENT_ID}`} onClick={skipToContent}>
        {t('app.skipToContent')}
      </a>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link className={styles.brand} to={paths.home} aria-label={t('app.homeLink')}>
            <BrandMark size={36} />
            <span className={styles.brandName}>{brandName}</span>
          </Link>
          <div className={styles.headerEnd}>
            <ColorSchemeToggle />
            {headerEnd}
          </div>
        </div>
      </header>
      {/* The page scrolls inside main, not the document, so main is in the tab order: keyboard
          users can then scroll a page that has no link or button (the home page) with the
          arrow keys. */}
      <main
        id={MAIN_CONTENT_ID}
        ref={mainRef}
        className={styles.scrollArea}
        tabIndex={0}
      >
        <div className={styles.container}>{children}</div>
      </main>
    </div>
  );
}
