import { useId, useRef, type FormEvent } from 'react';
import { useT } from '@/lib/messages';
import { surveyMessages } from '@/messages/survey';
import type { Question } from '@/features/survey/api/types';
import { useStepState } from '@/features/survey/use-step-state';
import { InertAhead } from './InertAhead';
import { StepLines } from './StepLines';
import type { CustomStepProps } from './steps/types';
import styles from './SurveyStep.module.css';

/** Chosen is the member's selection on a step: option keys with their free text, if any. */
type Chosen = ReadonlyMap<string, string>;

/** asksQuestion tells whether a step is answered by choosing options (rather than read). */
export function asksQuestion(question: Question): boolean {
  return (question.answerVariants?.length ?? 0) > 0 && question.type !== 'Progress' && question.type !== 'ResponseView';
}

/**
 * ChoiceStep shows a step as the definition describes it: a question to answer by choosing
 * (SelectOne and Rate as radio buttons, SelectMany as checkboxes, up to its max), or a screen to
 * read (Progress, ResponseView) with only the way on.
 */
export function ChoiceStep({ question, copy, initial, busy, serverProblem, onSubmit, actions }: CustomStepProps) {
  const t = useT(surveyMessages);
  // What was picked and said on one step is forgotten when the next one comes.
  const [picked, setPicked] = useStepState<Chosen | null>(question.slug, null);
  const [problem, setProblem] = useStepState(question.slug, '');
  const [limitNote, setLimitNote] = useStepState(question.slug, '');
  // untickedNote says which answers a choice unticked besides itself.
  const [untickedNote, setUntickedNote] = useStepState(question.slug, '');
  const firstInput = useRef<HTMLInputElement>(null);
  const ids = useId();

  const variants = question.answerVariants ?? [];
  const asks = asksQuestion(question);
  const many = question.type === 'SelectMany';
  const max = many ? question.max : undefined;
  // This visit's picks win; until the member picks, what they answered before is shown (it may
  // arrive from the server after the screen is up).
  const chosen: Chosen = picked ?? new Map((initial ?? []).map((a) => [a.key, a.value]));
  const shownProblem = problem || serverProblem || '';

  const choose = (key: string, checked: boolean) => {
    setProblem('');
    if (!many) {
      setPicked(new Map([[key, '']]));
      return;
    }
    const next = new Map(chosen);
    let changed = '';
    if (checked) {
      // An exclusive option ("None of these") stands alone: choosing it unticks the others, and
      // choosing another unticks it. The server refuses the two together.
      const exclusive = variants.find((v) => v.key === key)?.exclusive;
      const others = [...next.keys()].filter((k) => exclusive || variants.find((v) => v.key === k)?.exclusive);
      if (max !== undefined && chosen.size - others.length >= max) {
        setUntickedNote('');
        setLimitNote(t('maxReached', { max }));
        return;
      }
      for (const other of others) next.delete(other);
      if (others.length > 0) {
        const option = exclusive ? variants.find((v) => v.key === key) : variants.find((v) => v.key === others[0]);
        changed = t(exclusive ? 'exclusiveCleared' : 'exclusiveUnticked', { option: option?.value ?? '' });
      }
      next.set(key, '');
    } else {
      next.delete(key);
    }
    setLimitNote('');
    setUntickedNote(changed);
    setPicked(next);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const answers = asks ? [...chosen].map(([key, value]) => ({ key, value: value.trim() })) : [];
    if (asks && question.required && answers.length === 0) {
      setProblem(t(many ? 'chooseSome' : 'chooseOne'));
      firstInput.current?.focus();
      return;
    }
    onSubmit(answers);
  };

  const title = copy(question.title);
  const problemId = `${ids}-problem`;
  const linesId = `${ids}-lines`;
  const countId = `${ids}-count`;
  const lines = question.text?.length ? <StepLines lines={question.text} copy={copy} id={linesId} /> : null;

  if (!asks) {
    return (
      <form className={styles.form} onSubmit={submit} noValidate>
        <h1>{title}</h1>
        {lines}
        {actions}
      </form>
    );
  }

  const describedBy = [lines ? linesId : '', max ? countId : '', shownProblem ? problemId : ''].filter(Boolean).join(' ');
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <fieldset className={styles.fieldset} aria-describedby={describedBy || undefined}>
        <legend className={styles.legend}>
          <h1>{title}</h1>
        </legend>
        {lines}
        <InertAhead>
          <div className={styles.choices}>
            {variants.map((variant, index) => {
              const checked = chosen.has(variant.key);
              const textId = `${ids}-${variant.key}-text`;
              return (
                <div key={variant.key} className={styles.choices}>
                  <label className={styles.choice}>
                    <input
                      ref={index === 0 ? firstInput : undefined}
                      type={many ? 'checkbox' : 'radio'}
                      name={question.slug}
                      value={variant.key}
                      checked={checked}
                      aria-invalid={shownProblem ? true : undefined}
                      aria-describedby={variant.exclusive ? `${ids}-exclusive` : undefined}
                      onChange={(e) => choose(variant.key, e.currentTarget.checked)}
                    />
                    <span>{variant.value}</span>
                  </label>
                  {variant.exclusive ? (
                    <span id={`${ids}-exclusive`} className="visually-hidden">
                      {t('exclusiveHint')}
                    </span>
                  ) : null}
                  {variant.text && checked ? (
                    <div className={styles.freeText}>
                      <label htmlFor={textId}>{variant.text}</label>
                      <input
                        id={textId}
                        type="text"
                        maxLength={200}
                        value={chosen.get(variant.key) ?? ''}
                        onChange={(e) => setPicked(new Map(chosen).set(variant.key, e.currentTarget.value))}
                      />
                    </div>
                  ) : null}
                </div>
              );
            })}
          </div>
        </InertAhead>
        {many ? (
          <div aria-live="polite" className={styles.count}>
            {max ? <p id={countId}>{t('chosenCount', { count: chosen.size, max })}</p> : null}
            {limitNote ? <p className={styles.problem}>{limitNote}</p> : null}
            {untickedNote ? <p>{untickedNote}</p> : null}
          </div>
        ) : null}
        <div aria-live="polite">
          {shownProblem ? (
            <p id={problemId} className={styles.problem}>
              {shownProblem}
            </p>
          ) : null}
        </div>
        {question.attribution ? <p className={styles.attribution}>{question.attribution}</p> : null}
      </fieldset>
      {actions}
    </form>
  );
}
