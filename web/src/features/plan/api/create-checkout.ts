import { apiClient, isHttpStatus } from '@/lib/api-client';
import { problemDetail } from '@/lib/problem';
import type { components } from '@/lib/api-schema';
import type { CheckoutResponse } from './types';

// POST /api/billing/checkout: starts paying for a plan and answers the address to send the browser
// to (Stripe's hosted checkout, or this server's test checkout in the demo). It is not repeated on
// failure: the member decides to try again.

export type CheckoutErrorKind = 'refused' | 'unconfirmed' | 'unavailable' | 'failed';

/**
 * CheckoutError is a checkout that did not start, and nothing was charged: refused (409: the member
 * holds a plan already, or the journey is not there; detail says which), unconfirmed (403: the
 * member must confirm their email address first), unavailable (503: Stripe could not be reached),
 * or failed (anything else).
 */
export class CheckoutError extends Error {
  readonly kind: CheckoutErrorKind;
  readonly detail: string;

  constructor(kind: CheckoutErrorKind, detail = '', cause?: unknown) {
    super(detail || `Checkout ${kind}`, { cause });
    this.name = 'CheckoutError';
    this.kind = kind;
    this.detail = detail;
  }
}

export async function createCheckout(planId: string): Promise<CheckoutResponse> {
  const body: components['schemas']['CheckoutRequest'] = { planId };
  try {
    return await apiClient.post<CheckoutResponse>('billing/checkout', { json: body });
  } catch (error) {
    if (isHttpStatus(error, 409)) throw new CheckoutError('refused', await problemDetail(error), error);
    if (isHttpStatus(error, 403)) throw new CheckoutError('unconfirmed', await problemDetail(error), error);
    if (isHttpStatus(error, 503)) throw new CheckoutError('unavailable', '', error);
    throw new CheckoutError('failed', '', error);
  }
}
