import { useT } from '@/lib/messages';
import { staffInsightsMessages } from '@/messages/staff-insights';
import { stepName } from '@/features/backoffice/members/member-text';
import type { Funnel, FunnelStep } from './api/get-funnel';
import { durationText } from './report-text';
import { Count, Nothing, Share } from './ReportValue';
import { ReportTable } from './ReportTable';
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
  return (
    <ReportTable
      caption={t('tableCaption')}
      head={
        <th scope="col" className={styles.stepCell}>
          {t('colStep')}
        </th>
      }
      numbers={[t('colReached'), t('colReachedShare'), t('colDropOff'), t('colDropOffShare'), t('colMedian')]}
    >
      {funnel.steps.map((step) => (
        <StepRow key={step.slug} step={step} minCellSize={funnel.minCellSize} />
      ))}
    </ReportTable>
  );
}
