import { useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { paths, usesMinimalChrome } from '@/config/paths';
import { useRuntimeConfig } from '@/config/runtime-context';
import { afterNextPaint } from '@/lib/after-next-paint';
import { useT } from '@/lib/messages';
import { appMessages } from '@/messages/app';
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
  const t = useT(appMessages);
  const mainRef = useRef<HTMLElement>(null);
  // The previous path, so the first render (and React's development double run of effects) does
  // not count as a navigation: a freshly loaded page keeps the browser's own focus start.
  const previousPathname = useRef(pathname);
  // scrolled says whether the member has scrolled the page away from its top. It is kept from the
  // scroll events, when the browser has the position at hand, so a navigation never asks for it.
  const scrolled = useRef(false);
  useLayoutEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    const main = mainRef.current;
    if (!main) return;
    // The new page is at its top before it first paints, and holds still from then on: a page that
    // painted half-way down and then slid up would move under a finger already on its way, and on
    // a phone a tap during a scroll only stops the scroll. The jump forces the new page's layout a
    // frame early, for members who had scrolled only.
    if (scrolled.current) {
      main.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      scrolled.current = false;
    }
    // Focus waits until the new page is on screen: focusing makes the browser lay the page out at
    // once, which would keep it from painting that much longer, and a heading focused from code
    // shows no ring, so the frame's wait shows nowhere.
    let stopWaiting = () => {};
    const cancel = afterNextPaint(() => {
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
        {t('skipToContent')}
      </a>
      <header className={styles.header}>
        <div className={styles.headerInner}>
          <Link className={styles.brand} to={paths.home} aria-label={t('homeLink')}>
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
        onScroll={(event) => {
          scrolled.current = event.currentTarget.scrollTop > 0;
        }}
      >
        <div className={styles.container}>{children}</div>
      </main>
    </div>
  );
}
