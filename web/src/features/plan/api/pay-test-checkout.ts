import { apiClient } from '@/lib/api-client';
import { testCheckoutPath } from './get-test-checkout';
import type { TestCheckoutPaid } from './types';

// POST /api/billing/test-checkout/{sessionId}/pay: pays a test checkout (test mode only, no money
// moves) through the same webhook code Stripe's events take, and answers the address to go to
// next, the checkout's success page. It is not repeated on failure: the member presses Pay again.

export async function payTestCheckout(sessionId: string): Promise<TestCheckoutPaid> {
  return apiClient.post<TestCheckoutPaid>(`${testCheckoutPath(sessionId)}/pay`, { json: {} });
}
