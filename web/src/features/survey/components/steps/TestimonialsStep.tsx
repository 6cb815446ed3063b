import type { FormEvent } from 'react';
import { useT, type MessageKey } from '@/lib/messages';
import { surveyTestimonialsMessages } from '@/messages/survey-testimonials';
import stepStyles from '@/features/survey/components/SurveyStep.module.css';
import { StepLines } from '@/features/survey/components/StepLines';
import styles from './TestimonialsStep.module.css';
import type { CustomStepProps } from './types';

// Illustrative stories, written for this product: the people are made up, and the page says so.
// Their words are in the step's own copy, so only members who reach it download them.
const stories = [
  { quote: 'story1.quote', who: 'story1.who' },
  { quote: 'story2.quote', who: 'story2.who' },
  { quote: 'story3.quote', who: 'story3.who' },
] as const satisfies readonly { quote: MessageKey<typeof surveyTestimonialsMessages>; who: MessageKey<typeof surveyTestimonialsMessages> }[];

/** TestimonialsStep shows what coaching has been like for members, marked clearly as illustrative. */
export function TestimonialsStep({ question, copy, busy, onSubmit, actions }: CustomStepProps) {
  const t = useT(surveyTestimonialsMessages);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!busy) onSubmit([]);
  };
  return (
    <form className={stepStyles.form} onSubmit={submit} noValidate>
      <h1>{copy(question.title)}</h1>
      <StepLines lines={question.text} copy={copy} />
      <ul className={styles.stories}>
        {stories.map((story) => (
          <li key={story.who}>
            <figure className={styles.story}>
              <blockquote>
                <p>{t('quoted', { quote: t(story.quote) })}</p>
              </blockquote>
              <figcaption>{t(story.who)}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className={styles.note}>{t('note')}</p>
      {actions}
    </form>
  );
}
