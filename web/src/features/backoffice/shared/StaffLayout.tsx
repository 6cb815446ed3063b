import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useRuntimeConfig } from '@/config/runtime-context';
import { logout } from '@/lib/logout';
import { useT, type MessageKey } from '@/lib/messages';
import { staffMessages } from '@/messages/staff';
import { BrandMark } from '@/components/brand/BrandMark';
import { SignOutIcon } from '@/components/icons/SignOutIcon';
import { focusHeadingOf } from '@/components/layout/focus-heading';
import { LoadingOverlay } from '@/components/layout/LoadingOverlay';
import { NoticesProvider } from './Notices';
import { staffPaths } from './staff-paths';
import { useStaffUser } from './staff-user';
import styles from './StaffLayout.module.css';

const MAIN_ID = 'staff-main';

interface NavItem {
  to: string;
  label: MessageKey<typeof staffMessages>;
  /** admin: shown only to admins. */
  admin?: boolean;
  /** matches tells whether a path belongs to this item, for aria-current. */
  matches: (path: string) => boolean;
}

const under = (root: string) => (path: string) => path === root || path.startsWith(`${root}/`);

const navItems: readonly NavItem[] = [
  { to: staffPaths.members, label: 'navMembers', matches: (path) => path === staffPaths.members || path.startsWith(`${staffPaths.members}/members/`) },
  { to: staffPaths.safety, label: 'navSafety', matches: under(staffPaths.safety) },
  { to: staffPaths.coaches, label: 'navCoaches', matches: under(staffPaths.coaches) },
  { to: staffPaths.androidWaitlist, label: 'navAndroidWaitlist', matches: under(staffPaths.androidWaitlist) },
  { to: staffPaths.insights, label: 'navInsights', matches: under(staffPaths.insights) },
  { to: staffPaths.audit, label: 'navAudit', admin: true, matches: under(staffPaths.audit) },
  { to: staffPaths.accounts, label: 'navStaff', admin: true, matches: under(staffPaths.accounts) },
  { to: staffPaths.plans, label: 'navPlans', admin: true, matches: under(staffPaths.plans) },
  { to: staffPaths.webhooks, label: 'navWebhooks', admin: true, matches: under(staffPaths.webhooks) },
];

/**
 * StaffLayout is the staff app's frame: a header with the brand, who is signed in and a way out,
 * the navigation (the admin pages only for admins), then one wide scroll area for tables. It is
 * wider than the member app's single column, since staff work on tablets and desktops with tables;
 * on a phone the navigation wraps under the brand rather than hiding behind a menu button.
 */
export function StaffLayout({ children }: { children: ReactNode }) {
  const t = useT(staffMessages);
  const { brandName } = useRuntimeConfig();
  const user = useStaffUser();
  const [pathname] = useLocation();
  const [leaving, setLeaving] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  const navRef = useRef<HTMLUListElement>(null);
  const previousPathname = useRef(pathname);

  // On a phone the links are one row that scrolls sideways; the current page's is brought into
  // that row's view, so staff always see where they are. Only the row scrolls, never the page.
  useEffect(() => {
    const list = navRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    const start = current.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
    if (start < list.scrollLeft || start + current.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = start - (list.clientWidth - current.offsetWidth) / 2;
    }
  }, [pathname]);

  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    const main = mainRef.current;
    if (!main) return;
    main.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    return focusHeadingOf(main);
  }, [pathname]);

  // The skip link moves focus itself instead of following the #hash, which would add a history
  // entry and change the address for nothing.
  function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    mainRef.current?.focus();
  }

  const items = navItems.filter((item) => !item.admin || user.role === 'admin');
  return (
    <NoticesProvider>
      <div className={styles.shell}>
        <a className={styles.skipLink} href={`#${MAIN_ID}`} onClick={skipToContent}>
          {t('skipToContent')}
        </a>
        <header className={styles.header}>
          <div className={styles.bar}>
            <Link className={styles.brand} to={staffPaths.members} aria-label={t('homeLink', { brand: brandName })}>
              <BrandMark size={32} />
              <span className={styles.brandName}>{t('brandStaff', { brand: brandName })}</span>
            </Link>
            <div className={styles.account}>
              <span className={styles.email}>{t('signedInAs', { email: user.email })}</span>
              <button
                type="button"
                className={styles.signOut}
                onClick={() => {
                  setLeaving(true);
                  void logout();
                }}
              >
                <SignOutIcon size={20} />
                <span>{t('signOut')}</span>
              </button>
            </div>
          </div>
          <nav className={styles.nav} aria-label={t('navLabel')}>
            <ul className={styles.navList} ref={navRef}>
              {items.map((item) => (
                <li key={item.to}>
                  <Link className={styles.navLink} to={item.to} aria-current={item.matches(pathname) ? 'page' : undefined}>
                    {t(item.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </header>
        {/* The page scrolls inside main, so main is in the tab order: keyboard users can scroll a
            page with no link or button (the coach list as staff see it) with the arrow keys. */}
        <main id={MAIN_ID} ref={mainRef} className={styles.main} tabIndex={0}>
          <div className={styles.container}>{children}</div>
        </main>
      </div>
      {leaving ? <LoadingOverlay /> : null}
    </NoticesProvider>
  );
}
