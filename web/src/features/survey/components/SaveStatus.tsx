import { useT, type MessageKey } from '@/lib/messages';
import type { SaveStatus as Status } from '@/features/survey/save-queue';
import styles from './SurveyStep.module.css';

const labels: Record<Status, MessageKey | undefined> = {
  idle: undefined,
  saving: 'survey.saving',
  saved: 'survey.saved',
  failed: 'survey.saveFailed',
};

/**
 * SaveStatus says quietly whether the member's answers have reached us. The status region is always
 * there, even when empty, so screen readers announce each change without interrupting.
 */
export function SaveStatus({ status }: { status: Status }) {
  const t = useT();
  const key = labels[status];
  return (
    <p role="status" className={`${styles.saveStatus} ${status === 'failed' ? styles.saveFailed : ''}`}>
      {key ? t(key) : null}
    </p>
  );
}
