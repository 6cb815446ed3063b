import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { paths, usesMinimalChrome } from '@/config/paths';
import { useRuntimeConfig } from '@/config/runtime-context';
import { useT } from '@/lib/messages';
import { afterNextPaint } from '@/lib/after-next-paint';
import { BrandMark } from '@/components/brand/BrandMark';
import styles from './AppLayout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** prefersReducedMotion tells whether the member asked their system for less motion. */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * focusHeadingOf moves focus to the page's main heading, so a screen reader starts on the new page's
 * title. A page whose code or data is still on its way has no heading yet: focus then waits on main
 * and moves to the heading when it appears, unless the member has moved focus meanwhile. It returns
 * a function that stops the wait.
 */
function focusHeadingOf(main: HTMLElement): () => void {
  const focus = (heading: HTMLElement) => {
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  };
  const heading = main.querySelector('h1');
  if (heading) {
    focus(heading);
    return () => undefined;
  }
  main.focus({ preventScroll: true });
  const observer = new MutationObserver(() => {
    const arrived = main.querySelector('h1');
    if (!arrived) return;
    observer.disconnect();
    if (document.activeElement === main) focus(arrived);
  });
  observer.observe(main, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * AppLayout is the frame of every page: a top bar with the brand, then one centred scroll area
 * (spec: page layout). On each change of path it brings the new page to the top of the scroll
 * area and moves focus to its main heading, so keyboard and screen-reader users start reading the
 * new page from its beginning instead of being left on a link that no longer exists.
 * headerEnd holds controls for the right of the top bar (the sign-out button), composed by the app.
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
          {headerEnd ? <div className={styles.headerEnd}>{headerEnd}</div> : null}
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
      <div className={styles.footer} aria-hidden="true" />
    </div>
  );
}
