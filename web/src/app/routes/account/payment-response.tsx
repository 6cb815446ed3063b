import { useCallback } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import { useResourceOf } from '@/lib/resource';
import { meResource } from '@/features/account/api/get-me';
import type { Subscription } from '@/features/plan/api/types';
import { PaymentResponse } from '@/features/plan/components/PaymentResponse';
import { surveyResource } from '@/features/survey/api/get-survey';
import { DONE } from '@/features/survey/journey';

// The way to the app is the download page's (the App Store button, a QR code on a computer). Its
// code loads once the payment is confirmed: a member still waiting does not need it yet.
const GetTheApp = lazyComponent(() => import('@/features/coaches/components/GetTheApp').then((m) => m.GetTheApp));

/**
 * Where checkout returns the browser (/account/payment-response?session_id=…). The payment state
 * is the profile's (GET /api/user/me), read afresh into the same cache the rest of the app reads.
 * Once the member holds the plan, the journey knows at once: the plan's steps close behind them
 * and they continue at the done step, as the server will say when next asked. Then the coaches'
 * way to the app hands them over.
 */
export function Component() {
  const me = useResourceOf(meResource);
  const survey = useResourceOf(surveyResource);
  const read = useCallback(async (): Promise<Subscription> => (await me.fetch()).me.subscription, [me]);
  const onConfirmed = useCallback(() => {
    survey.update((state) => state && { ...state, paid: true, resumeAt: DONE });
  }, [survey]);
  return <PaymentResponse read={read} onConfirmed={onConfirmed} handoff={<GetTheApp />} />;
}
