import { useId, useRef, useState, type FormEvent } from 'react';
import { useT } from '@/lib/messages';
import { surveyLiveStateMessages } from '@/messages/survey-live-state';
import stepStyles from '@/features/survey/components/SurveyStep.module.css';
import { StepLines } from '@/features/survey/components/StepLines';
import { InertAhead } from '@/features/survey/components/InertAhead';
import styles from './Fields.module.css';
import type { CustomStepProps } from './types';

/**
 * LiveStateStep asks which US state the member lives in (spec §2): one native select of the 50
 * states and DC, which phones show as their own easy picker.
 */
export function LiveStateStep({ question, copy, initial, busy, serverProblem, onSubmit, actions }: CustomStepProps) {
  const t = useT(surveyLiveStateMessages);
  const ids = useId();
  const [picked, setPicked] = useState<string | null>(null);
  const [problem, setProblem] = useState('');
  const select = useRef<HTMLSelectElement>(null);
  // What the member answered before may arrive after the screen is up; their own pick wins.
  const state = picked ?? initial?.[0]?.key ?? '';
  const shownProblem = problem || serverProblem || '';
  const linesId = `${ids}-lines`;
  const errorId = `${ids}-error`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!state) {
      setProblem(t('missing'));
      select.current?.focus();
      return;
    }
    onSubmit([{ key: state, value: '' }]);
  };

  return (
    <form className={stepStyles.form} onSubmit={submit} noValidate>
      <h1>{copy(question.title)}</h1>
      <StepLines lines={question.text} copy={copy} id={linesId} />
      <InertAhead>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${ids}-state`}>
            {t('label')}
          </label>
          <select
            ref={select}
            id={`${ids}-state`}
            className={styles.select}
            autoComplete="address-level1"
            value={state}
            aria-invalid={shownProblem ? true : undefined}
            aria-describedby={[question.text?.length ? linesId : '', shownProblem ? errorId : ''].filter(Boolean).join(' ') || undefined}
            onChange={(e) => {
              setPicked(e.currentTarget.value);
              setProblem('');
            }}
          >
            <option value="">{t('choose')}</option>
            {(question.answerVariants ?? []).map((v) => (
              <option key={v.key} value={v.key}>
                {v.value}
              </option>
            ))}
          </select>
          <div aria-live="polite">
            {shownProblem ? (
              <p id={errorId} className={styles.error}>
                {shownProblem}
              </p>
            ) : null}
          </div>
        </div>
      </InertAhead>
      {actions}
    </form>
  );
}
