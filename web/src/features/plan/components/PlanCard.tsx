import { useId, type ReactNode } from 'react';
import { useT } from '@/lib/messages';
import { planMessages } from '@/messages/plan';
import type { Plan } from '@/features/plan/api/types';
import { priceLabel } from '@/features/plan/money';
import styles from './Plan.module.css';

interface PlanCardProps {
  plan: Plan;
  /** recommended marks the plan recommended for the member. */
  recommended?: boolean;
  /** children follow what the plan includes: the reason for it, a button to choose it. */
  children?: ReactNode;
}

/** PlanCard shows one plan: its name, price and free trial, and what it includes, one line each. */
export function PlanCard({ plan, recommended = false, children }: PlanCardProps) {
  const t = useT(planMessages);
  const nameId = useId();
  return (
    <article className={`${styles.card} ${recommended ? styles.recommendedCard : ''}`} aria-labelledby={nameId}>
      {recommended ? <p className={styles.badge}>{t('recommended')}</p> : null}
      <h2 id={nameId} className={styles.planName}>
        {plan.name}
      </h2>
      <div className={styles.priceRow}>
        <p className={styles.price}>{priceLabel(t, plan)}</p>
        {plan.trialDays > 0 ? <p className={styles.trial}>{t('trial', { days: plan.trialDays })}</p> : null}
      </div>
      {plan.includes.length > 0 ? (
        <ul className={styles.includes} aria-label={t('includes')}>
          {plan.includes.map((line) => (
            <li key={line}>
              <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                <path d="M3 8.5l3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <span>{line}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {children}
    </article>
  );
}
