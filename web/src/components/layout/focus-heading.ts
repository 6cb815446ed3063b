/**
 * focusHeadingOf moves focus to the page's main heading, so a screen reader starts on the new page's
 * title. A page whose code or data is still on its way has no heading yet: focus then waits on main
 * and moves to the heading when it appears, unless the user has moved focus meanwhile. It returns
 * a function that stops the wait.
 */
export function focusHeadingOf(main: HTMLElement): () => void {
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
