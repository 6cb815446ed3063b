import { downloadCsv } from '@/features/backoffice/shared/download-file';
import { reportQuery, type ReportFilters } from '@/features/backoffice/insights/report-filters';

// GET /api/staff/insights/funnel/export?…: the funnel of the same days and filters as a CSV file
// (step, branch, reached, reached_percent, drop_off, drop_off_percent, median_seconds), then rows
// for signed up, chose a coach and paid. The server names the file after the days.

/** downloadFunnel downloads the funnel the page shows, for the same filters. */
export function downloadFunnel(filters: ReportFilters): Promise<void> {
  return downloadCsv(`staff/insights/funnel/export?${reportQuery(filters)}`, 'funnel.csv');
}
