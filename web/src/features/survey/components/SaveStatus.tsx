import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { surveyStepPath } from '@/config/paths';
import { useT, type MessageKey } from '@/lib/messages';
import { surveyMessages } from '@/messages/survey';
import { useSaveStatus, type SaveQueue, type SaveStatus as Status } from '@/features/survey/save-queue';
import styles from './SurveyStep.module.css';

const labels: Record<Status, MessageKey<typeof surveyMessages> | undefined> = {
  idle: undefined,
  saving: 'saving',
  saved: 'saved',
  failed: 'saveFailed',
  refused: 'refusedStatus',
};

/** SLOW_SAVE_MS is how long a save runs before the line says "Saving…": most end well before. */
export const SLOW_SAVE_MS = 1000;

/**
 * SaveStatus says quietly whether the member's answers have reached us, when that is worth saying.
 * Answers save behind the next screen, so an ordinary save, which ends in a moment, says nothing: a
 * "Saved" appearing on a step the member has not touched yet reads as if something happened there.
 * The line speaks up when a save is slow ("Saving…"), fails or is refused, and says "Saved" only
 * to close what it said before on this screen. The status region is always there, even when empty,
 * so screen readers announce each change without interrupting. When the server refused a step's
 * answers (rare: the app checks the same rules first), it links back there. data-status carries the
 * queue's own state for anything that needs it, whatever the line shows.
 */
export function SaveStatus({ queue }: { queue: SaveQueue }) {
  const t = useT(surveyMessages);
  // The status follows the queue here, not in the step screen, so a change re-renders this line only.
  const status = useSaveStatus(queue);
  const [pathname] = useLocation();
  const problem = status === 'failed' || status === 'refused';
  // slow: the save under way has taken longer than SLOW_SAVE_MS. A new status starts it afresh
  // (adjusted while rendering, as React advises for state that follows a changed value).
  const [slow, setSlow] = useState(false);
  const [previous, setPrevious] = useState(status);
  if (previous !== status) {
    setPrevious(status);
    setSlow(false);
  }
  useEffect(() => {
    if (status !== 'saving') return;
    const timer = setTimeout(() => setSlow(true), SLOW_SAVE_MS);
    return () => clearTimeout(timer);
  }, [status]);
  // spokeOn is the screen on which the line last said something that a "Saved" should close.
  const [spokeOn, setSpokeOn] = useState<string | null>(null);
  if ((problem || (status === 'saving' && slow)) && spokeOn !== pathname) setSpokeOn(pathname);

  let shown: Status = status;
  if (status === 'saving' && !slow) shown = 'idle';
  if (status === 'saved' && spokeOn !== pathname) shown = 'idle';
  const key = labels[shown];
  const refusedStep = queue.refusedStep();
  return (
    <p role="status" data-status={status} className={`${styles.saveStatus} ${problem ? styles.saveFailed : ''}`}>
      {key ? t(key) : null}
      {shown === 'refused' && refusedStep ? (
        <>
          {' '}
          <Link to={surveyStepPath(refusedStep)}>{t('refusedLink')}</Link>
        </>
      ) : null}
    </p>
  );
}
