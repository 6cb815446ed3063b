import { useId } from 'react';
import { useT } from '@/lib/messages';
import { staffInsightsMessages } from '@/messages/staff-insights';
import { stepName } from '@/features/backoffice/members/member-text';
import admin from '@/features/backoffice/admin/admin.module.css';
import type { Funnel, FunnelStep } from './api/get-funnel';
import { durationText } from './report-text';
import { Count, Nothing, Share } from './ReportValue';
import styles from './InsightsPage.module.css';

function StepRow({ step, minCellSize }: { step: FunnelStep; minCellSize: number }) {
  const t = useT(staffInsightsMessages);
  return (
    <tr className={step.branch ? styles.branchRow : undefined}>
      <th scope="row" className={styles.stepCell}>
        <span className={styles.stepName}>{stepName(step.slug)}</span>
        {step.branch ? (
          <>
            {' '}
            <span className={styles.branchTag}>{t('branch')}</span>
          </>
        ) : null}
      </th>
      <td className={styles.number}>
        <Count count={step.reached} minCellSize={minCellSize} />
      </td>
      <td className={styles.number}>
        <Share share={step.reachedShare} />
      </td>
      <td className={styles.number}>{step.dropOff ? <Count count={step.dropOff} minCellSize={minCellSize} /> : <Nothing words={t('notApplicable')} />}</td>
      <td className={styles.number}>{step.dropOff ? <Share share={step.dropOffShare} /> : <Nothing words={t('notApplicable')} />}</td>
      <td className={styles.number}>{step.medianSeconds === null ? <Nothing words={t('notShown')} /> : durationText(t, step.medianSeconds)}</td>
    </tr>
  );
}

/**
 * FunnelTable has the chart's numbers and more, one row per step in the survey's order: how many
 * reached it, their share of the sign-ups, the drop-off since the main step before and the median
 * time spent on it. It is what screen readers use; on a phone it scrolls sideways in its own region,
 * with the step names kept in view.
 */
export function FunnelTable({ funnel }: { funnel: Funnel }) {
  const t = useT(staffInsightsMessages);
  const captionId = useId();
  return (
    <div className={admin.tableScroll} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={`${admin.table} ${styles.table}`}>
        <caption id={captionId} className="visually-hidden">
          {t('tableCaption')}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={styles.stepCell}>
              {t('colStep')}
            </th>
            <th scope="col" className={styles.number}>
              {t('colReached')}
            </th>
            <th scope="col" className={styles.number}>
              {t('colReachedShare')}
            </th>
            <th scope="col" className={styles.number}>
              {t('colDropOff')}
            </th>
            <th scope="col" className={styles.number}>
              {t('colDropOffShare')}
            </th>
            <th scope="col" className={styles.number}>
              {t('colMedian')}
            </th>
          </tr>
        </thead>
        <tbody>
          {funnel.steps.map((step) => (
            <StepRow key={step.slug} step={step} minCellSize={funnel.minCellSize} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
