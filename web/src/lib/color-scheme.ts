// The colour scheme is light unless the member chooses dark (spec §1 and §3: default light, a
// stored client value). The choice is kept in this browser's storage and applied to <html> by a
// script in index.html's head, before anything paints, so a page never paints in one scheme and
// then flips to the other. That script reads COLOR_SCHEME_KEY by its value.

export type ColorScheme = 'light' | 'dark';

const COLOR_SCHEME_KEY = 'wayfinder.colorScheme';

/** storedColorScheme returns the member's choice: dark only if they chose it. */
export function storedColorScheme(): ColorScheme {
  try {
    return window.localStorage.getItem(COLOR_SCHEME_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

/** applyColorScheme shows the page in scheme (tokens.css reads the attribute). */
function applyColorScheme(scheme: ColorScheme): void {
  if (scheme === 'dark') document.documentElement.dataset.colorScheme = 'dark';
  else delete document.documentElement.dataset.colorScheme;
}

/** chooseColorScheme applies scheme and keeps it for the member's next visit. */
export function chooseColorScheme(scheme: ColorScheme): void {
  applyColorScheme(scheme);
  try {
    if (scheme === 'dark') window.localStorage.setItem(COLOR_SCHEME_KEY, 'dark');
    else window.localStorage.removeItem(COLOR_SCHEME_KEY);
  } catch {
    // Storage is off: the choice holds for this page only.
  }
}
