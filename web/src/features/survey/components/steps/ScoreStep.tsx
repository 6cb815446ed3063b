import type { FormEvent, ReactNode } from 'react';
import { useT } from '@/lib/messages';
import { surveyScoreMessages } from '@/messages/survey-score';
import { StepLines } from '@/features/survey/components/StepLines';
import stepStyles from '@/features/survey/components/SurveyStep.module.css';
import styles from './ScoreStep.module.css';
import type { CustomStepProps } from './types';

/** SCREENING_ITEMS is the number of ASRS v1.1 Part A questions the score counts. */
const SCREENING_ITEMS = 6;

interface ScoreStepProps extends CustomStepProps {
  /** score is the server's count of screening answers over their threshold; null until all six are in. */
  score: number | null;
  highLikelihood: boolean;
  /** missingAction leads to the questionnaire when some of its answers are missing. */
  missingAction?: ReactNode;
}

/**
 * ScoreStep shows the screening result exactly as the spec has it (§2, §9): "You scored N/6", then
 * "You are in the right place!" only for a high likelihood, then the summary of what scores mean.
 */
export function ScoreStep({ question, copy, busy, onSubmit, actions, score, highLikelihood, missingAction }: ScoreStepProps) {
  const t = useT(surveyScoreMessages);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onSubmit([]);
  };

  if (score === null) {
    return (
      <div className={stepStyles.form}>
        <h1>{t('missingTitle')}</h1>
        <p className={stepStyles.lines}>{t('missingBody')}</p>
        <div className={stepStyles.actions}>{missingAction}</div>
      </div>
    );
  }

  return (
    <form className={stepStyles.form} onSubmit={submit} noValidate>
      <h1>{copy(question.title).replace('{score}', String(score))}</h1>
      <div className={styles.meter} aria-hidden="true">
        {Array.from({ length: SCREENING_ITEMS }, (_, i) => (
          <span key={i} className={i < score ? styles.on : styles.off} />
        ))}
      </div>
      {highLikelihood && question.feedback ? <p className={styles.feedback}>{copy(question.feedback)}</p> : null}
      <StepLines lines={question.text} copy={copy} />
      {question.attribution ? <p className={stepStyles.attribution}>{question.attribution}</p> : null}
      {actions}
    </form>
  );
}
