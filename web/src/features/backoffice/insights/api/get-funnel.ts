import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';
import { asProblemError } from '@/features/backoffice/shared/problem';
import { reportQuery, type ReportFilters } from '@/features/backoffice/insights/report-filters';

// GET /api/staff/insights/funnel?from=&to=&utm_source=&utm_campaign=&device=&payment=: for the
// members who signed up in the days and match the filters, how many reached each step of the
// survey, how many left before it, the median time spent on it, and how many chose a coach and
// paid. Counts of 1 to 4 come as {fewerThan: 5}. Filters the server can't use are refused (400)
// with a message for each field, which the form shows beside it.

export type Funnel = components['schemas']['Funnel'];
export type FunnelStep = components['schemas']['FunnelStep'];
export type ReportCount = components['schemas']['ReportCount'];

export async function getFunnel(filters: ReportFilters, signal?: AbortSignal): Promise<Funnel> {
  try {
    return await apiClient.get<Funnel>(`staff/insights/funnel?${reportQuery(filters)}`, { signal });
  } catch (error) {
    throw await asProblemError(error);
  }
}

export function funnelQueryOptions(filters: ReportFilters) {
  return queryOptions({
    queryKey: ['staff', 'insights', 'funnel', filters] as const,
    queryFn: ({ signal }) => getFunnel(filters, signal),
    // The last report stays on screen, marked as busy, while the next one loads.
    placeholderData: keepPreviousData,
    // The HTTP client already retries what is worth retrying.
    retry: false,
  });
}

export function useFunnel(filters: ReportFilters) {
  return useQuery(funnelQueryOptions(filters));
}
