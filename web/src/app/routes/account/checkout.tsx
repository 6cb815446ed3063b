import { TestCheckout } from '@/features/plan/components/TestCheckout';

/**
 * The test-mode checkout (/account/checkout?session_id=…): where checkout sends the browser in the
 * demo, a server without Stripe keys, in place of Stripe's own page. No money moves.
 */
export function Component() {
  return <TestCheckout />;
}
