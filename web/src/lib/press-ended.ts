/**
 * pressEnded resolves once no press inside root is under way: at once when nothing in it is
 * :active (held down by a pointer), or else once the press has made its click, been cancelled, or
 * come up without a click (moved off what it pressed). It waits two seconds at most, so that a
 * long press, or a browser that leaves :active behind, never keeps the app from starting.
 *
 * Why: the app takes over a page that arrived drawn by replacing every element, and a press that
 * goes down on the drawn page and comes up on the app's is no click. A visitor who taps Get started
 * just as the app starts would see nothing happen. Waiting lets the press end where it began, so
 * the drawn link does what a link does.
 */
export function pressEnded(root: HTMLElement): Promise<void> {
  if (!root.querySelector(':active')) return Promise.resolve();
  return new Promise((resolve) => {
    // Ending the press ends the listeners and the timers with it.
    const listening = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      listening.abort();
      clearTimeout(timer);
      clearTimeout(longest);
      resolve();
    };
    const longest = setTimeout(done, 2000);
    // After the click, so that a link's own navigation has started.
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(done, 0);
    };
    // A touch's click follows its release a moment later, if at all.
    const later = () => {
      timer = setTimeout(done, 400);
    };
    const options = { capture: true, signal: listening.signal };
    addEventListener('click', soon, options);
    addEventListener('pointercancel', soon, options);
    addEventListener('pointerup', later, options);
  });
}
