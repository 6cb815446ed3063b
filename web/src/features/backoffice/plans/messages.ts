import { useCallback } from 'react';
import { useRuntimeConfig } from '@/config/runtime-context';
import { interpolate, type MessageParams } from '@/lib/messages';

// The plans page's copy, beside the page, so members never download it. {brand} is filled from
// the runtime settings, as in the app's catalog. Money is written by Intl.NumberFormat in
// plansLocale.

export const plansLocale = 'en-US';

const en = {
  title: 'Plans',
  lead: 'The plans members can choose. Withdraw one to stop offering it: members who hold it keep it.',
  loading: 'Loading plans…',
  loadFailedTitle: 'We couldn’t load the plans',
  notSetUpHeading: 'Plans aren’t set up on this server',
  notSetUp: 'This server takes no payments, so there are no plans to manage. Members go straight from choosing a coach to the app.',
  none: 'There are no plans yet.',
  offered: 'Offered',
  withdrawn: 'Withdrawn',
  perMonth: '{price} per month',
  oneOff: '{price} one-off',
  price: 'Price',
  trial: 'Free trial',
  trialDays: '{days} days',
  trialOneDay: '1 day',
  noTrial: 'None',
  support: 'Support',
  'support.light': 'Light',
  'support.standard': 'Standard',
  'support.intensive': 'Intensive',
  stripePriceId: 'Stripe price id',
  noStripePrice: 'None (test mode)',
  includes: 'Includes',
  withdraw: 'Withdraw',
  offerAgain: 'Offer again',
  saving: 'Saving…',
  confirmTitle: 'Withdraw {name}?',
  confirmBody: 'New members won’t see {name} any more. Members who hold it now keep it.',
  confirmWithdraw: 'Withdraw {name}',
  confirmKeep: 'Keep offering it',
  withdrawnDone: '{name} is withdrawn. Members who hold it keep it.',
  offeredDone: '{name} is offered again.',
  changeFailed: 'We couldn’t change {name}.',
  changeFailedDetail: 'It may be your connection. Please try again.',
  refused: 'Only administrators can change plans. Nothing was changed.',
} as const;

export type PlansTextKey = keyof typeof en;

export type PlansT = (key: PlansTextKey, params?: MessageParams) => string;

/** usePlansT returns the plans page's copy with {brand} filled in. */
export function usePlansT(): PlansT {
  const { brandName } = useRuntimeConfig();
  return useCallback((key, params) => interpolate(en[key], { brand: brandName, ...params }), [brandName]);
}
