import { useState } from 'react';
import { chooseColorScheme, storedColorScheme } from '@/lib/color-scheme';
import { useT } from '@/lib/messages';
import { useRenderedAhead } from '@/lib/rendered-ahead';
import { appMessages } from '@/messages/app';
import styles from '@/components/button/IconButton.module.css';

/**
 * ColorSchemeToggle switches the app between its light scheme (the default) and the dark one, and
 * remembers the choice. It is a toggle button: screen readers hear "Dark mode, pressed" or "not
 * pressed". The icon shows the scheme the button turns on. It is left out of a page's first frame,
 * where a press would do nothing (see useRenderedAhead).
 */
export function ColorSchemeToggle() {
  const t = useT(appMessages);
  const [dark, setDark] = useState(() => storedColorScheme() === 'dark');
  if (useRenderedAhead()) return null;
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-pressed={dark}
      aria-label={t('darkMode')}
      title={t('darkMode')}
      onClick={() => {
        chooseColorScheme(dark ? 'light' : 'dark');
        setDark(!dark);
      }}
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        {dark ? (
          <>
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
          </>
        ) : (
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        )}
      </svg>
    </button>
  );
}
