import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, isHttpStatus } from '@/lib/api-client';
import type { TestCheckout } from './types';

// GET /api/billing/test-checkout/{sessionId}: the demo's own checkout, used only in test mode (a
// server without Stripe keys), where no money moves: the plan, the coupon and where to go next.

/** NoTestCheckoutError: there is no such test checkout of the member's (404). */
export class NoTestCheckoutError extends Error {
  constructor() {
    super('No such test checkout');
    this.name = 'NoTestCheckoutError';
  }
}

/** testCheckoutPath is the API path of one test checkout. */
export const testCheckoutPath = (sessionId: string) => `billing/test-checkout/${encodeURIComponent(sessionId)}`;

export async function getTestCheckout(sessionId: string, signal?: AbortSignal): Promise<TestCheckout> {
  try {
    return await apiClient.get<TestCheckout>(testCheckoutPath(sessionId), { signal });
  } catch (error) {
    if (isHttpStatus(error, 404)) throw new NoTestCheckoutError();
    throw error;
  }
}

export function testCheckoutQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ['billing', 'test-checkout', sessionId] as const,
    queryFn: ({ signal }) => getTestCheckout(sessionId, signal),
    retry: false,
  });
}

export function useTestCheckout(sessionId: string) {
  return useQuery({ ...testCheckoutQueryOptions(sessionId), enabled: sessionId !== '' });
}
