import styles from './SurveyStep.module.css';

/**
 * StepLines shows a step's text lines from the definition, with {firstName} and {brand} filled.
 * id lets a form control name the lines as its description.
 */
export function StepLines({ lines, copy, id }: { lines?: string[]; copy: (text: string) => string; id?: string }) {
  if (!lines?.length) return null;
  return (
    <div className={styles.lines} id={id}>
      {lines.map((line) => (
        <p key={line}>{copy(line)}</p>
      ))}
    </div>
  );
}
