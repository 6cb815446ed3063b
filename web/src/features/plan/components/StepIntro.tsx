import styles from './Plan.module.css';

/** StepIntro is a plan step's heading and its lines, as the survey definition words them. */
export function StepIntro({ title, lines }: { title: string; lines: readonly string[] }) {
  return (
    <div className={styles.intro}>
      <h1>{title}</h1>
      {lines.map((line) => (
        <p key={line} className={styles.lead}>
          {line}
        </p>
      ))}
    </div>
  );
}
