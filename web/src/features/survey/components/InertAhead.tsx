import type { ReactNode } from 'react';
import { useRenderedAhead } from '@/lib/rendered-ahead';
import styles from './SurveyStep.module.css';

/**
 * InertAhead holds a step's controls in its first frame (see useRenderedAhead): there to be seen,
 * not used, until the app takes over, since a choice made before then would be lost. Its wrapper
 * adds no box, so the frame lays out as the app does; the step's heading and words stay outside
 * it, for screen readers to read from the start. In the app it is its children alone.
 */
export function InertAhead({ children }: { children: ReactNode }) {
  const ahead = useRenderedAhead();
  return ahead ? (
    <div className={styles.ahead} inert>
      {children}
    </div>
  ) : (
    children
  );
}
