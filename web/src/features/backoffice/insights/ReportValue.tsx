import { useT } from '@/lib/messages';
import { staffInsightsMessages } from '@/messages/staff-insights';
import type { ReportCount } from './api/get-funnel';
import { countText, countValue, percentText } from './report-text';
import styles from './InsightsPage.module.css';

// The cells of the reports' tables. A count under the privacy floor says "fewer than 5" in words,
// never a number; a value the report doesn't give is a dash to the eye and words to a screen
// reader, so an empty cell is never read as nothing at all.

/** Nothing is an empty cell: a dash to the eye, words to a screen reader ("not shown", "none"). */
export function Nothing({ words }: { words: string }) {
  const t = useT(staffInsightsMessages);
  return (
    <>
      <span aria-hidden="true" className={styles.dash}>
        {t('nothing')}
      </span>
      <span className="visually-hidden">{words}</span>
    </>
  );
}

/** Count writes a count, or "fewer than 5" (muted) when the privacy floor hides it. */
export function Count({ count, minCellSize }: { count: ReportCount; minCellSize: number }) {
  const t = useT(staffInsightsMessages);
  const text = countText(t, count, minCellSize);
  return countValue(count) === null ? <span className={styles.hidden}>{text}</span> : <>{text}</>;
}

/** Share writes a share in percent, or a dash read as "not shown" when the report gives none. */
export function Share({ share }: { share: number | null }) {
  const t = useT(staffInsightsMessages);
  return share === null ? <Nothing words={t('notShown')} /> : <>{percentText(share)}</>;
}
