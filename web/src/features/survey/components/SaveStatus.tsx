import { Link } from 'wouter';
import { surveyStepPath } from '@/config/paths';
import { useT, type MessageKey } from '@/lib/messages';
import { useSaveStatus, type SaveQueue, type SaveStatus as Status } from '@/features/survey/save-queue';
import styles from './SurveyStep.module.css';

const labels: Record<Status, MessageKey | undefined> = {
  idle: undefined,
  saving: 'survey.saving',
  saved: 'survey.saved',
  failed: 'survey.saveFailed',
  refused: 'survey.refusedStatus',
};

/**
 * SaveStatus says quietly whether the member's answers have reached us. The status region is always
 * there, even when empty, so screen readers announce each change without interrupting. When the
 * server refused a step's answers (rare: the app checks the same rules first), it links back there.
 */
export function SaveStatus({ queue }: { queue: SaveQueue }) {
  const t = useT();
  // The status follows the queue here, not in the step screen, so a change re-renders this line only.
  const status = useSaveStatus(queue);
  const refusedStep = queue.refusedStep();
  const key = labels[status];
  const problem = status === 'failed' || status === 'refused';
  return (
    <p role="status" className={`${styles.saveStatus} ${problem ? styles.saveFailed : ''}`}>
      {key ? t(key) : null}
      {status === 'refused' && refusedStep ? (
        <>
          {' '}
          <Link to={surveyStepPath(refusedStep)}>{t('survey.refusedLink')}</Link>
        </>
      ) : null}
    </p>
  );
}
