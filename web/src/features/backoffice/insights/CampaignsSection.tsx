import { useId, type ReactNode } from 'react';
import { useT } from '@/lib/messages';
import { staffInsightsMessages } from '@/messages/staff-insights';
import { DownloadButton } from '@/features/backoffice/shared/DownloadButton';
import { LoadFailed, Loading } from '@/features/backoffice/admin/PageStatus';
import admin from '@/features/backoffice/admin/admin.module.css';
import shared from '@/features/backoffice/shared/StaffPage.module.css';
import { downloadCampaigns } from './api/download-campaigns';
import type { CampaignRow, Campaigns, OriginRow, ReportRange } from './api/get-campaigns';
import { Count, Nothing, Share } from './ReportValue';
import { ReportTable } from './ReportTable';
import styles from './InsightsPage.module.css';

/** CampaignTable is a table of counts by campaign or by site, with the outcome columns after head's. */
function CampaignTable({ caption, head, children }: { caption: string; head: ReactNode; children: ReactNode }) {
  const t = useT(staffInsightsMessages);
  return (
    <ReportTable caption={caption} head={head} numbers={[t('colSignedUp'), t('colCoachChosen'), t('colPaid'), t('colConversion')]}>
      {children}
    </ReportTable>
  );
}

/** Outcome is a row's counts: signed up, chose a coach, paid, and the share who paid. */
function Outcome({ row, minCellSize }: { row: CampaignRow | OriginRow; minCellSize: number }) {
  return (
    <>
      <td className={styles.number}>
        <Count count={row.members} minCellSize={minCellSize} />
      </td>
      <td className={styles.number}>
        <Count count={row.coachChosen} minCellSize={minCellSize} />
      </td>
      <td className={styles.number}>
        <Count count={row.paid} minCellSize={minCellSize} />
      </td>
      <td className={styles.number}>
        <Share share={row.conversion} />
      </td>
    </>
  );
}

/** Text is a visitor's own value (a campaign's name), or a dash read as "none" when there is none. */
function FreeText({ value }: { value: string }) {
  const t = useT(staffInsightsMessages);
  return value ? <span className={styles.free}>{value}</span> : <Nothing words={t('noneWords')} />;
}

function CampaignsTables({ campaigns }: { campaigns: Campaigns }) {
  const t = useT(staffInsightsMessages);
  const headingId = useId();
  return (
    <>
      <CampaignTable
        caption={t('campaignsCaption')}
        head={
          <>
            <th scope="col">{t('colSource')}</th>
            <th scope="col">{t('colCampaign')}</th>
            <th scope="col">{t('colCoupon')}</th>
          </>
        }
      >
        {campaigns.campaigns.map((row) => {
          const none = row.utmSource === '' && row.utmCampaign === '';
          return (
            <tr key={`${row.utmSource}\u0000${row.utmCampaign}\u0000${row.coupon}`}>
              <td className={styles.textCell}>{none ? <span className={styles.muted}>{t('noCampaign')}</span> : <FreeText value={row.utmSource} />}</td>
              <td className={styles.textCell}>{none ? <Nothing words={t('noneWords')} /> : <FreeText value={row.utmCampaign} />}</td>
              <td className={styles.textCell}>
                <FreeText value={row.coupon} />
              </td>
              <Outcome row={row} minCellSize={campaigns.minCellSize} />
            </tr>
          );
        })}
      </CampaignTable>
      <section className={styles.subsection} aria-labelledby={headingId}>
        <div className={styles.sectionText}>
          <h3 id={headingId}>{t('originsHeading')}</h3>
          <p className={shared.muted}>{t('originsLead')}</p>
        </div>
        <CampaignTable caption={t('originsCaption')} head={<th scope="col">{t('colOrigin')}</th>}>
          {campaigns.origins.map((row) => (
            <tr key={row.origin}>
              <td className={styles.siteCell}>
                {row.origin === 'direct' ? (
                  t('originDirect')
                ) : row.origin === '' ? (
                  <span className={styles.muted}>{t('originUnknown')}</span>
                ) : (
                  <span className={styles.free}>{row.origin}</span>
                )}
              </td>
              <Outcome row={row} minCellSize={campaigns.minCellSize} />
            </tr>
          ))}
        </CampaignTable>
      </section>
    </>
  );
}

interface CampaignsSectionProps {
  range: ReportRange;
  query: { data: Campaigns | undefined; isPending: boolean; isError: boolean; isPlaceholderData: boolean; error: unknown; refetch: () => unknown };
}

/**
 * CampaignsSection shows the members who signed up in the days by the campaign of their first visit
 * and by the site they came from, with a download of the campaigns as CSV. The funnel's other
 * filters don't narrow it: it is where those filters' campaigns come from.
 */
export function CampaignsSection({ range, query }: CampaignsSectionProps) {
  const t = useT(staffInsightsMessages);
  const headingId = useId();

  let body;
  if (query.isPending) body = <Loading text={t('campaignsLoading')} />;
  else if (query.isError || !query.data)
    body = <LoadFailed title={t('campaignsLoadFailed')} error={query.error} retry={() => void query.refetch()} />;
  else if (query.data.campaigns.length === 0 && query.data.origins.length === 0) body = <p className={admin.empty}>{t('campaignsNone')}</p>;
  else
    body = (
      <div className={styles.results} aria-busy={query.isPlaceholderData || undefined}>
        <CampaignsTables campaigns={query.data} />
      </div>
    );

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionHead}>
        <div className={styles.sectionText}>
          <h2 id={headingId}>{t('campaignsHeading')}</h2>
          <p className={shared.muted}>{t('campaignsLead')}</p>
        </div>
        <DownloadButton label={t('downloadCampaigns')} hint={t('downloadCampaignsHint')} download={() => downloadCampaigns(range)} />
      </div>
      {body}
    </section>
  );
}
