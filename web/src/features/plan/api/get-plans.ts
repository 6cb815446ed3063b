import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, isHttpStatus } from '@/lib/api-client';
import { problemDetail } from '@/lib/problem';
import type { PlansResponse } from './types';

// GET /api/billing/plans: the plans, the one recommended from the member's answers with the reason
// in plain words, the coupon they arrived with, their coach and where their payment stands. Each
// plan carries what will be charged and when, computed by the server with the coupon applied.

/**
 * PlansClosedError is a refusal to show the plans: not-offered (404) when this site takes no
 * payment, not-yet (409) when the member's journey has not reached the plan; detail is the
 * server's reason in plain words, or "".
 */
export class PlansClosedError extends Error {
  readonly kind: 'not-offered' | 'not-yet';
  readonly detail: string;

  constructor(kind: 'not-offered' | 'not-yet', detail: string) {
    super(detail || `The plans are ${kind === 'not-offered' ? 'not offered here' : 'not open yet'}`);
    this.name = 'PlansClosedError';
    this.kind = kind;
    this.detail = detail;
  }
}

export async function getPlans(signal?: AbortSignal): Promise<PlansResponse> {
  try {
    return await apiClient.get<PlansResponse>('billing/plans', { signal });
  } catch (error) {
    if (isHttpStatus(error, 404)) throw new PlansClosedError('not-offered', await problemDetail(error));
    if (isHttpStatus(error, 409)) throw new PlansClosedError('not-yet', await problemDetail(error));
    throw error;
  }
}

export const plansQueryKey = ['billing', 'plans'] as const;

export function plansQueryOptions() {
  return queryOptions({
    queryKey: plansQueryKey,
    queryFn: ({ signal }) => getPlans(signal),
    // The HTTP client already retries what is worth retrying.
    retry: false,
  });
}

export function usePlans() {
  return useQuery(plansQueryOptions());
}
