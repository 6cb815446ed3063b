import type { FormEvent } from 'react';
import stepStyles from '@/features/survey/components/SurveyStep.module.css';
import { StepLines } from '@/features/survey/components/StepLines';
import styles from './TestimonialsStep.module.css';
import type { CustomStepProps } from './types';

// Illustrative stories, written for this product: the people are made up, and the page says so.
// They live beside this step so only members who reach it download them.
const stories = [
  {
    quote: 'I used to start ten things and finish none. Now I plan one thing each morning with my coach’s help, and I actually finish it.',
    who: 'Jordan, 34, Ohio',
  },
  {
    quote: 'Someone checks in with me every week, without judging. That alone changed how I talk to myself.',
    who: 'Priya, 41, Texas',
  },
  {
    quote: 'I finally understand why my brain works this way. I stopped calling myself lazy.',
    who: 'Chris, 27, Oregon',
  },
];

/** TestimonialsStep shows what coaching has been like for members, marked clearly as illustrative. */
export function TestimonialsStep({ question, copy, busy, onSubmit, actions }: CustomStepProps) {
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
                <p>“{story.quote}”</p>
              </blockquote>
              <figcaption>{story.who}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className={styles.note}>These stories are illustrative: the people and their words are examples, not real members.</p>
      {actions}
    </form>
  );
}
