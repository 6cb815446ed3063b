import type { Translate } from '@/lib/messages';
import type { planMessages } from '@/messages/plan';
import type { Plan } from '@/features/plan/api/types';
import { chargeLines } from '@/features/plan/money';
import styles from './Plan.module.css';

/**
 * ChargeLines says what will be charged and when, each sentence on a line of its own. They stay
 * one paragraph, with a space between, so the whole reads as one sentence to a screen reader.
 */
export function ChargeLines({ t, plan, className }: { t: Translate<typeof planMessages>; plan: Plan; className?: string }) {
  return (
    <p className={className}>
      {chargeLines(t, plan).map((line, index) => (
        <span key={index} className={styles.line}>
          {index > 0 ? ' ' : null}
          {line}
        </span>
      ))}
    </p>
  );
}
