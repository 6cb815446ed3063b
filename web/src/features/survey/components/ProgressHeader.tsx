import { useT } from '@/lib/messages';
import type { SurveyGroup } from '@/features/survey/api/types';
import styles from './ProgressHeader.module.css';

/**
 * The three named steps of the progress header (spec §2) and the survey groups each one covers:
 * groups 0 and 1 get to know the member, 2 personalizes their care, and the ADHD questionnaire (4)
 * sits inside personalizing in the flow, before coach matching (3).
 */
const headerSteps: readonly (readonly number[])[] = [[0, 1], [2, 4], [3]];

interface ProgressHeaderProps {
  groups: readonly SurveyGroup[];
  /** currentGroupId is the group of the step on screen. */
  currentGroupId?: number;
  /** pastAll: the member is past the three named steps (the plan, spec §2's "step 4"). */
  pastAll?: boolean;
  /** finished holds the groups whose required steps are all answered. */
  finished: ReadonlySet<number>;
}

/**
 * ProgressHeader shows where the member is: three named steps, the current one marked for screen
 * readers with aria-current, and the others with a check mark once every required step of theirs
 * is answered (not merely passed: a member who typed a later address has not finished the earlier
 * steps). Titles come from the definition. Past all three (pastAll), none is current and each is
 * marked done once its steps are answered.
 */
export function ProgressHeader({ groups, currentGroupId, pastAll, finished }: ProgressHeaderProps) {
  const t = useT();
  const current = pastAll ? headerSteps.length : headerSteps.findIndex((ids) => currentGroupId !== undefined && ids.includes(currentGroupId));
  if (current < 0) return null;
  return (
    <nav aria-label={t('progress.label')} className={styles.progress}>
      <ol className={styles.steps}>
        {headerSteps.map((ids, index) => {
          const title = groups.find((g) => g.id === ids[0])?.title ?? '';
          const done = index !== current && ids.every((id) => finished.has(id));
          const state = done ? styles.done : index === current ? styles.current : styles.later;
          return (
            <li key={title} className={`${styles.step} ${state}`} aria-current={index === current ? 'step' : undefined}>
              <span className={styles.marker} aria-hidden="true">
                {done ? (
                  <svg viewBox="0 0 16 16" width="14" height="14" focusable="false">
                    <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                ) : (
                  index + 1
                )}
              </span>
              <span className={styles.title}>
                {title}
                {done ? <span className="visually-hidden"> {t('progress.done')}</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
      {/* Phones have room for one title: the current step's, on its own line under the bars. The
          list keeps every title for screen readers, so this copy is hidden from them. */}
      {current < headerSteps.length ? (
        <p className={styles.currentTitle} aria-hidden="true">
          {groups.find((g) => g.id === headerSteps[current]![0])?.title}
        </p>
      ) : null}
    </nav>
  );
}
