import { useCallback, useEffect, useState } from 'react';
import { holdsPlan } from '@/lib/subscription';
import type { Subscription } from './api/types';

/** POLL_INTERVAL_MS is how often the payment state is read while it is being confirmed. */
export const POLL_INTERVAL_MS = 1000;

/** POLL_WINDOW_MS is how long one round of reading goes on before the page says it is still waiting. */
export const POLL_WINDOW_MS = 20_000;

export type Confirmation =
  | { phase: 'confirming' }
  | { phase: 'confirmed'; subscription: Subscription }
  | { phase: 'timeout' };

/**
 * usePaymentConfirmation reads the member's payment state (read, which must keep its identity)
 * every POLL_INTERVAL_MS until it says the member holds a plan (paid, or pending at the bank), or
 * until POLL_WINDOW_MS have passed. Stripe tells our server of a payment by a webhook, which may
 * arrive a moment after the browser returns. A read that fails is simply tried again next time.
 * checkAgain starts a new round.
 */
export function usePaymentConfirmation(read: () => Promise<Subscription>): Confirmation & { checkAgain: () => void } {
  const [round, setRound] = useState(0);
  const [confirmation, setConfirmation] = useState<Confirmation>({ phase: 'confirming' });

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const poll = async () => {
      const subscription = await read().catch(() => undefined);
      if (stopped) return;
      if (subscription && holdsPlan(subscription.status)) {
        setConfirmation({ phase: 'confirmed', subscription });
        return;
      }
      if (Date.now() - started + POLL_INTERVAL_MS > POLL_WINDOW_MS) {
        setConfirmation({ phase: 'timeout' });
        return;
      }
      timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [read, round]);

  const checkAgain = useCallback(() => {
    setConfirmation({ phase: 'confirming' });
    setRound((r) => r + 1);
  }, []);

  return { ...confirmation, checkAgain };
}
