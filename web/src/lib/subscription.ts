import type { components } from './api-schema';

/** SubscriptionStatus is a member's payment state, as GET /api/user/me and the plans answer it. */
export type SubscriptionStatus = components['schemas']['Subscription']['status'];

/**
 * holdsPlan tells whether a payment state means the member holds a plan: paid, or on its way. It
 * is the server's rule (billing), used by the plan's screens and by the account menu, which warns
 * that deleting the account cancels the plan.
 */
export function holdsPlan(status: SubscriptionStatus): boolean {
  return status === 'active' || status === 'pending' || status === 'past_due';
}
