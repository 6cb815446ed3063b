import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';
import { asProblemError } from '@/features/backoffice/shared/problem';

// GET /api/staff/insights/campaigns?from=&to=: the members who signed up in the days by the
// campaign of their first visit (source, campaign, coupon) and by the site they came from, the most
// members first. An empty source and campaign is "no campaign"; an origin is a site's host,
// "direct", or "" when it was not recorded. The page also fills its campaign filters from it.

export type Campaigns = components['schemas']['Campaigns'];
export type CampaignRow = components['schemas']['CampaignRow'];
export type OriginRow = components['schemas']['OriginRow'];

/** ReportRange is the days a campaigns report covers, YYYY-MM-DD, both included. */
export interface ReportRange {
  from: string;
  to: string;
}

export async function getCampaigns({ from, to }: ReportRange, signal?: AbortSignal): Promise<Campaigns> {
  try {
    return await apiClient.get<Campaigns>(`staff/insights/campaigns?${new URLSearchParams({ from, to }).toString()}`, { signal });
  } catch (error) {
    throw await asProblemError(error);
  }
}

export function campaignsQueryOptions(range: ReportRange) {
  return queryOptions({
    queryKey: ['staff', 'insights', 'campaigns', range.from, range.to] as const,
    queryFn: ({ signal }) => getCampaigns(range, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useCampaigns(range: ReportRange) {
  return useQuery(campaignsQueryOptions(range));
}
