import { useEffect, useState } from 'react';

/**
 * useAfterFirstPaint turns true once the browser has painted the page. Work that can wait (asking
 * whether a visitor is already signed in) then never competes with the first screen. The animation
 * frame runs just before a paint; the timeout queued from it runs after that paint.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
