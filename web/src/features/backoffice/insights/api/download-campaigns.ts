import { downloadCsv } from '@/features/backoffice/shared/download-file';
import type { ReportRange } from './get-campaigns';

// GET /api/staff/insights/campaigns/export?from=&to=: the campaigns table of the same days as a
// CSV file (utm_source, utm_campaign, coupon, signed_up, chose_a_coach, paid, paid_percent).

/** downloadCampaigns downloads the campaigns the page shows, for the same days. */
export function downloadCampaigns({ from, to }: ReportRange): Promise<void> {
  return downloadCsv(`staff/insights/campaigns/export?${new URLSearchParams({ from, to }).toString()}`, 'campaigns.csv');
}
