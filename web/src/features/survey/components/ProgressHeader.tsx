import type { CSSProperties } from 'react';
import { useT } from '@/lib/messages';
import { surveyMessages } from '@/messages/survey';
import type { SurveyDefinition, SurveyGroup } from '@/features/survey/api/types';
import { flowOf } from '@/features/survey/journey';
import styles from './ProgressHeader.module.css';

/**
 * The three named steps of the progress header (spec §2) and the survey groups each one covers:
 * groups 0 and 1 get to know the member, 2 personalizes their care, and the ADHD questionnaire (4)
 * sits inside personalizing in the flow, before coach matching (3).
 */
const headerSteps: readonly (readonly number[])[] = [[0, 1], [2, 4], [3]];

/** QUESTIONNAIRE is the ADHD questionnaire's group (spec §3), which the header names on its own. */
const QUESTIONNAIRE = 4;

/** StepPlace is where a step sits within its part of the header. */
export interface StepPlace {
  /** fill is how much of the part's bar is filled on this step, from just above 0 to 1. */
  fill: number;
  /** question is the step's number among the questionnaire's questions, "3 of 6", on those steps. */
  question?: { n: number; of: number };
  /** questionnaire: the step belongs to the ADHD questionnaire (its introduction and score too). */
  questionnaire: boolean;
}

/**
 * placeOf finds where a step sits within its part of the header, along the survey's main path, so
 * the bar moves with every screen rather than once a part. A step only a branch leads to takes its
 * place from the step before it.
 */
export function placeOf(definition: SurveyDefinition, slug: string): StepPlace | undefined {
  const { questions } = definition;
  const flow = flowOf(definition);
  let at = slug;
  for (let hops = 0; !flow.includes(at) && questions[at]?.prevStep && hops < 3; hops++) at = questions[at]!.prevStep;
  const groupId = questions[slug]?.groupId;
  const part = headerSteps.find((ids) => groupId !== undefined && ids.includes(groupId));
  if (!part || !flow.includes(at)) return undefined;
  const inPart = flow.filter((s) => part.includes(questions[s]!.groupId));
  const fill = (inPart.indexOf(at) + 1) / inPart.length;
  const questionnaire = groupId === QUESTIONNAIRE;
  const asked = flow.filter((s) => questions[s]!.groupId === QUESTIONNAIRE && questions[s]!.type === 'Rate');
  const n = asked.indexOf(slug) + 1;
  return { fill, questionnaire, question: n > 0 ? { n, of: asked.length } : undefined };
}

interface ProgressHeaderProps {
  groups: readonly SurveyGroup[];
  /** currentGroupId is the group of the step on screen. */
  currentGroupId?: number;
  /** pastAll: the member is past the three named steps (the plan, spec §2's "step 4"). */
  pastAll?: boolean;
  /** finished holds the groups whose required steps are all answered. */
  finished: ReadonlySet<number>;
  /** place is where the step on screen sits within the current part (see placeOf). */
  place?: StepPlace;
}

/**
 * ProgressHeader shows where the member is: three named steps, the current one marked for screen
 * readers with aria-current, and the others with a check mark once every required step of theirs
 * is answered (not merely passed: a member who typed a later address has not finished the earlier
 * steps). Titles come from the definition. Past all three (pastAll), none is current and each is
 * marked done once its steps are answered.
 */
export function ProgressHeader({ groups, currentGroupId, pastAll, finished, place }: ProgressHeaderProps) {
  const t = useT(surveyMessages);
  const current = pastAll ? headerSteps.length : headerSteps.findIndex((ids) => currentGroupId !== undefined && ids.includes(currentGroupId));
  if (current < 0) return null;
  const titleOf = (id: number) => groups.find((g) => g.id === id)?.title ?? '';
  // Inside the questionnaire the header names it, as the spec does, and counts its questions.
  const questionnaire = place?.questionnaire ? titleOf(QUESTIONNAIRE) : '';
  const count = place?.question ? t('progress.questionOf', { n: place.question.n, of: place.question.of }) : '';
  const detail = [questionnaire, count].filter(Boolean).join(' · ');
  return (
    <nav aria-label={t('progress.label')} className={styles.progress}>
      <ol className={styles.steps}>
        {headerSteps.map((ids, index) => {
          const title = titleOf(ids[0]!);
          const done = index !== current && ids.every((id) => finished.has(id));
          // A part still to come has no look of its own beyond the step's.
          const state = done ? styles.done : index === current ? styles.current : '';
          return (
            <li
              key={title}
              className={state ? `${styles.step} ${state}` : styles.step}
              aria-current={index === current ? 'step' : undefined}
              style={index === current && place ? ({ '--fill': place.fill } as CSSProperties) : undefined}
            >
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
                {index === current && detail ? <span className="visually-hidden">, {detail}</span> : null}
              </span>
            </li>
          );
        })}
      </ol>
      {/* Phones have room for one title: the current part's, on its own line under the bars, or the
          questionnaire's with its count. Wider screens show this line only in the questionnaire.
          The list holds the same words for screen readers, so this copy is hidden from them. */}
      {current < headerSteps.length ? (
        <p className={`${styles.currentTitle} ${detail ? styles.detailed : ''}`} aria-hidden="true">
          {detail || titleOf(headerSteps[current]![0]!)}
        </p>
      ) : null}
    </nav>
  );
}
