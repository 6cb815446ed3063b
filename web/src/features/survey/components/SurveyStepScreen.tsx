import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { paths, surveyStepPath } from '@/config/paths';
import { useRuntimeConfig } from '@/config/runtime-context';
import { useT } from '@/lib/messages';
import { Button } from '@/components/button/Button';
import { PageLoading } from '@/components/layout/PageLoading';
import { usePageTitle } from '@/components/layout/usePageTitle';
import pageStyles from '@/components/page/Page.module.css';
import { useDefinition } from '@/features/survey/api/get-definition';
import { useSurvey } from '@/features/survey/api/get-survey';
import { SurveyRejectedError, useSaveSurvey, type FieldProblem } from '@/features/survey/api/save-survey';
import type { Answer, Question, SurveySaveBody } from '@/features/survey/api/types';
import { fillCopy, nextStepOf } from '@/features/survey/navigation';
import { useRetryWhenOnline, useSaveStatus, useWarnBeforeLeaving } from '@/features/survey/save-queue';
import { surveySaveQueue } from '@/features/survey/save-queue-instance';
import { SurveyStepPlaceholder } from '@/features/survey/SurveyStepPlaceholder';
import type { SurveySlug } from '@/features/survey/slugs';
import { SaveStatus } from './SaveStatus';
import styles from './SurveyStep.module.css';

interface SurveyStepScreenProps {
  slug: SurveySlug;
  /** firstName fills {firstName} in the copy; without it the name is left out. */
  firstName?: string;
}

/**
 * SurveyStepScreen shows one step of the survey as the definition describes it. Steps with a form
 * of their own (type Custom) still show the placeholder until their screens are built.
 */
export function SurveyStepScreen({ slug, firstName }: SurveyStepScreenProps) {
  const status = useSaveStatus(surveySaveQueue);
  useRetryWhenOnline(surveySaveQueue);
  useWarnBeforeLeaving(surveySaveQueue);
  return (
    <>
      <StepContent slug={slug} firstName={firstName} />
      <SaveStatus status={status} />
    </>
  );
}

function StepContent({ slug, firstName }: SurveyStepScreenProps) {
  const definition = useDefinition();
  // A failed definition is handed to the page's error boundary, which offers "Try again".
  if (definition.isError) throw definition.error;
  if (!definition.data) return <PageLoading />;
  const question = definition.data.questions[slug];
  if (!question || question.type === 'Custom') return <SurveyStepPlaceholder />;
  return <StepForm question={question} firstName={firstName} />;
}

/** Chosen is the member's selection on a step: option keys with their free text, if any. */
type Chosen = ReadonlyMap<string, string>;

function toAnswers(chosen: Chosen): Answer[] {
  return [...chosen].map(([key, value]) => ({ key, value }));
}

function StepForm({ question, firstName }: { question: Question; firstName?: string }) {
  const t = useT();
  const { brandName } = useRuntimeConfig();
  const [, navigate] = useLocation();
  const saved = useSurvey();
  const save = useSaveSurvey();
  const [picked, setPicked] = useState<Chosen | null>(null);
  const [problem, setProblem] = useState('');
  const [limitNote, setLimitNote] = useState('');
  const [busy, setBusy] = useState(false);
  const firstInput = useRef<HTMLInputElement>(null);
  const ids = useId();

  const copy = (text: string) => fillCopy(text, { firstName, brand: brandName });
  const title = copy(question.title);
  usePageTitle(title);

  const variants = question.answerVariants ?? [];
  const asksQuestion = variants.length > 0 && question.type !== 'Progress' && question.type !== 'ResponseView';
  const many = question.type === 'SelectMany';
  const max = many ? question.max : undefined;

  // What the member chose: this visit's picks, else what they gave earlier on this page, else what
  // the server has kept. The server's answers may arrive after the screen is shown.
  const earlier =
    surveySaveQueue.answersOf(question.slug) ?? saved.data?.answers.find((a) => a.questionSlug === question.slug)?.answers;
  const chosen: Chosen = picked ?? new Map((earlier ?? []).map((a) => [a.key, a.value]));

  const choose = (key: string, checked: boolean) => {
    setProblem('');
    if (!many) {
      setPicked(new Map([[key, '']]));
      return;
    }
    const next = new Map(chosen);
    if (checked) {
      if (max !== undefined && chosen.size >= max) {
        setLimitNote(t('survey.maxReached', { max }));
        return;
      }
      next.set(key, '');
    } else {
      next.delete(key);
    }
    setLimitNote('');
    setPicked(next);
  };

  const setFreeText = (key: string, text: string) => {
    setPicked(new Map(chosen).set(key, text));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const answers = asksQuestion ? toAnswers(chosen) : [];
    if (asksQuestion && question.required && answers.length === 0) {
      setProblem(t(many ? 'survey.chooseSome' : 'survey.chooseOne'));
      firstInput.current?.focus();
      return;
    }
    const body: SurveySaveBody = {
      fromSlug: question.slug,
      data: asksQuestion ? [{ questionSlug: question.slug, answers }] : [],
      utm: {},
    };
    const to = nextStepOf(question, answers);
    let refusal: FieldProblem[] = [];
    const send = (b: SurveySaveBody) =>
      save.mutateAsync(b).catch((error: unknown) => {
        if (error instanceof SurveyRejectedError) refusal = error.problems;
        throw error;
      });
    // The crisis page must appear at once, whatever the network does: the save goes on behind it.
    if (to && surveyStepPath(to) === paths.noGo) {
      void surveySaveQueue.save(body, send);
      navigate(paths.noGo);
      return;
    }
    setBusy(true);
    const outcome = await surveySaveQueue.save(body, send);
    setBusy(false);
    if (outcome === 'refused') {
      setProblem(refusal[0]?.message ?? t('survey.refused'));
      return;
    }
    // A save that failed is kept and sent again when the network returns, so the member goes on.
    if (to) navigate(surveyStepPath(to));
  };

  const problemId = `${ids}-problem`;
  const linesId = `${ids}-lines`;
  const countId = `${ids}-count`;
  const lines = question.text?.length ? (
    <div className={styles.lines} id={linesId}>
      {question.text.map((line) => (
        <p key={line}>{copy(line)}</p>
      ))}
    </div>
  ) : null;
  const describedBy = [lines ? linesId : '', max ? countId : '', problem ? problemId : ''].filter(Boolean).join(' ');

  const heading = <h1>{title}</h1>;
  const showBack = question.prevStep !== '' && question.slug !== 'name-and-birth';

  return (
    <form className={`${pageStyles.page} ${styles.form}`} onSubmit={(e) => void onSubmit(e)} noValidate>
      {asksQuestion ? (
        <fieldset className={styles.fieldset} aria-describedby={describedBy || undefined}>
          <legend className={styles.legend}>{heading}</legend>
          {lines}
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
                      aria-invalid={problem ? true : undefined}
                      onChange={(e) => choose(variant.key, e.currentTarget.checked)}
                    />
                    <span>{variant.value}</span>
                  </label>
                  {variant.text && checked ? (
                    <div className={styles.freeText}>
                      <label htmlFor={textId}>{variant.text}</label>
                      <input
                        id={textId}
                        type="text"
                        maxLength={200}
                        value={chosen.get(variant.key) ?? ''}
                        onChange={(e) => setFreeText(variant.key, e.currentTarget.value)}
                      />
                    </div>
                  ) : null}
                </div>
              );
            })}
          </div>
          {max ? (
            <div aria-live="polite" className={styles.count}>
              <p id={countId}>{t('survey.chosenCount', { count: chosen.size, max })}</p>
              {limitNote ? <p className={styles.problem}>{limitNote}</p> : null}
            </div>
          ) : null}
          <div aria-live="polite">
            {problem ? (
              <p id={problemId} className={styles.problem}>
                {problem}
              </p>
            ) : null}
          </div>
          {question.attribution ? <p className={styles.attribution}>{question.attribution}</p> : null}
        </fieldset>
      ) : (
        <>
          {heading}
          {lines}
        </>
      )}
      <div className={styles.actions}>
        {question.nextStep || asksQuestion ? (
          <Button type="submit" aria-disabled={busy || undefined}>
            {question.nextLabel || t('survey.next')}
          </Button>
        ) : null}
        {showBack ? (
          <Link className={styles.back} to={surveyStepPath(question.prevStep)}>
            {t('survey.back')}
          </Link>
        ) : null}
      </div>
    </form>
  );
}
