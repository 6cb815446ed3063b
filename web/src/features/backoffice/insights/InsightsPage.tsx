import { useId, useMemo } from 'react';
import { useSearch } from 'wouter';
import { useT } from '@/lib/messages';
import { staffInsightsMessages } from '@/messages/staff-insights';
import { formatCalendarDate } from '@/features/backoffice/shared/dates';
import { DownloadButton } from '@/features/backoffice/shared/DownloadButton';
import { problemOf, ProblemError } from '@/features/backoffice/shared/problem';
import { useStaffTitle } from '@/features/backoffice/shared/use-staff-title';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import { LoadFailed, Loading } from '@/features/backoffice/admin/PageStatus';
import admin from '@/features/backoffice/admin/admin.module.css';
import { downloadFunnel } from './api/download-funnel';
import { useCampaigns } from './api/get-campaigns';
import { useFunnel, type Funnel } from './api/get-funnel';
import { CampaignsSection } from './CampaignsSection';
import { FiltersForm } from './FiltersForm';
import { FunnelChart } from './FunnelChart';
import { FunnelTable } from './FunnelTable';
import { filtersOf, isFiltered, type ReportFilters } from './report-filters';
import { countValue, percentText } from './report-text';
import { Count, Share } from './ReportValue';
import styles from './InsightsPage.module.css';

/** invalidFields is what the server said to fix in each filter, when it refused them (400). */
function invalidFields(error: unknown): Readonly<Record<string, string>> | null {
  return error instanceof ProblemError && error.status === 400 ? problemOf(error).fields : null;
}

/** Summary is the three numbers staff look for first: who signed up, chose a coach and paid. */
function Summary({ funnel }: { funnel: Funnel }) {
  const t = useT(staffInsightsMessages);
  const headingId = useId();
  const items = [
    { label: t('signedUp'), count: funnel.members, share: undefined },
    { label: t('choseCoach'), count: funnel.coachChosen, share: funnel.coachChosenShare },
    { label: t('paid'), count: funnel.paid, share: funnel.paidShare },
  ];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t('summaryHeading')}
      </h2>
      <dl className={styles.summary}>
        {items.map((item) => (
          <div key={item.label} className={styles.stat}>
            <dt className={styles.statLabel}>{item.label}</dt>
            <dd className={styles.statValue}>
              <Count count={item.count} minCellSize={funnel.minCellSize} />
            </dd>
            {item.share !== undefined ? (
              <dd className={styles.statShare}>{item.share === null ? <Share share={null} /> : t('ofSignUps', { n: percentText(item.share) })}</dd>
            ) : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

/** FunnelSection is the funnel: the steps as bars, then the same numbers in a table, and a download. */
function FunnelSection({ filters, funnel, busy }: { filters: ReportFilters; funnel: Funnel; busy: boolean }) {
  const t = useT(staffInsightsMessages);
  const headingId = useId();
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHead}>
        <div className={styles.sectionText}>
          <h2 id={headingId}>{t('funnelHeading')}</h2>
          <p className={shared.muted}>{t('funnelLead')}</p>
        </div>
        <DownloadButton label={t('downloadFunnel')} hint={t('downloadFunnelHint')} download={() => downloadFunnel(filters)} />
      </div>
      <div className={styles.note}>
        <p>{t('privacyNote')}</p>
        <p>{t('countingNote')}</p>
      </div>
      <div className={styles.results} aria-busy={busy || undefined}>
        <div className={`${shared.card} ${styles.chartCard}`}>
          <FunnelChart funnel={funnel} />
        </div>
        <FunnelTable funnel={funnel} />
      </div>
    </section>
  );
}

/**
 * InsightsPage shows staff how far new members get through sign-up: for the members who signed up
 * in the chosen days (the last 30 by default), how many chose a coach and paid, how many reached
 * each step of the survey, as bars and as a table, and the campaigns and sites they came from. The
 * filters live in the address. Every count under 5 reads "fewer than 5": the reports never narrow
 * down to a person, and no member's data is shown, so reading them is not audited.
 */
export function InsightsPage() {
  const t = useT(staffInsightsMessages);
  useStaffTitle(t('title'));
  const search = useSearch();
  const filters = useMemo(() => filtersOf(search), [search]);
  const range = useMemo(() => ({ from: filters.from, to: filters.to }), [filters.from, filters.to]);
  const funnel = useFunnel(filters);
  const campaigns = useCampaigns(range);

  const funnelInvalid = invalidFields(funnel.error);
  const campaignsInvalid = invalidFields(campaigns.error);
  const errors = { ...campaignsInvalid, ...funnelInvalid };

  let body;
  if (funnelInvalid)
    body = (
      <p className={shared.failed} role="alert">
        <span className={shared.failedText}>{t('filtersInvalid')}</span>
      </p>
    );
  else if (funnel.isPending) body = <Loading text={t('loading')} />;
  else if (funnel.isError || !funnel.data)
    body = <LoadFailed title={t('loadFailedTitle')} error={funnel.error} retry={() => void funnel.refetch()} />;
  else if (countValue(funnel.data.members) === 0)
    body = (
      <p className={admin.empty} role="status">
        {isFiltered(filters) ? t('noneFiltered') : t('none')}
      </p>
    );
  else
    body = (
      <>
        <Summary funnel={funnel.data} />
        <FunnelSection filters={filters} funnel={funnel.data} busy={funnel.isPlaceholderData} />
      </>
    );

  return (
    <div className={shared.page}>
      <div className={admin.headText}>
        <h1>{t('title')}</h1>
        <p className={shared.lead}>{t('lead')}</p>
      </div>
      <FiltersForm filters={filters} campaigns={campaigns.data?.campaigns ?? []} errors={errors} />
      {funnel.data && !funnelInvalid ? (
        <p className={styles.range} role="status">
          {t('range', { from: formatCalendarDate(funnel.data.from), to: formatCalendarDate(funnel.data.to) })}
        </p>
      ) : null}
      {body}
      {/* Days the server can't use have no campaigns either: the form says what to fix. */}
      {campaignsInvalid ? null : <CampaignsSection range={range} query={campaigns} />}
    </div>
  );
}
