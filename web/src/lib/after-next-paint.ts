import { useEffect, useState } from 'react';

/**
 * afterNextPaint calls back once the browser has painted its next frame, or after 100 ms when it
 * paints none (a hidden tab), and returns a function that cancels the call. Work that can wait for
 * the screen to change then never delays it on a slow phone. The animation frame runs just before
 * a paint; the timeout queued from it runs after that paint.
 */
export function afterNextPaint(callback: () => void): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  const run = () => {
    if (done) return;
    done = true;
    cancel();
    callback();
  };
  const fallback = setTimeout(run, 100);
  const cancel = () => {
    done = true;
    clearTimeout(fallback);
    clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
  };
  if (typeof requestAnimationFrame === 'function') {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(run, 0);
    });
  }
  return cancel;
}

/**
 * useAfterFirstPaint turns true once the browser has painted the page. Work that can wait (asking
 * whether a visitor is already signed in) then never competes with the first screen.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}
