import { useCallback } from 'react';
import { useRuntimeConfig } from '@/config/runtime-context';
import { interpolate, type MessageParams } from '@/lib/messages';

// The plan and payment screens' copy. Like the coach chooser's, it lives beside its screens rather
// than in the app's catalog (lib/messages.ts), so that only members who reach the plan download
// it: the app's catalog ships with the first screen, which has no room to spare. {brand} is filled
// from the runtime settings, as in the catalog.
//
// Money is written by Intl.NumberFormat and dates by Intl.DateTimeFormat in this locale.

export const planLocale = 'en-US';

const en = {
  loading: 'Getting your plan ready…',
  loadFailedTitle: 'We couldn’t load your plan',
  retry: 'Try again',
  notOfferedTitle: 'Plans aren’t offered here',
  notOffered: 'You can carry on in the {brand} app, where your coach will meet you.',
  getApp: 'Get the app',
  refusedTitle: 'Your plan isn’t ready yet',
  refused: 'A step before your plan still needs you. Let’s go back to it.',
  carryOn: 'Continue where you left off',

  recommendationTitle: 'Your plan is ready',
  previewTitle: 'Your plan at a glance',
  recommended: 'Recommended for you',
  perMonth: '{price} / month',
  oneTime: '{price} one-time',
  trial: '{days}-day free trial',
  includes: 'What’s included',
  why: 'Why we suggest it',
  otherPlans: 'See other plans',
  choose: 'Choose {plan}',

  canceledTitle: 'Checkout was canceled. Nothing was charged.',
  canceledBody: 'Take your time. Your plan is here whenever you’re ready.',
  testModeTitle: 'Test mode: no real payment',
  testModeBody: 'This is a demo. Checkout asks for no card and charges nothing.',
  couponOff: 'Coupon {code}: {off} off',
  couponFirstMonth: 'Coupon {code}: {off} off your first month',
  couponFirstPaidMonth: 'Coupon {code}: {off} off your first paid month',
  couponFirstMonths: 'Coupon {code}: {off} off your first {months} months',
  couponFirstPaidMonths: 'Coupon {code}: {off} off your first {months} paid months',
  couponForever: 'Coupon {code}: {off} off every month',
  couponNotForPlan: 'The coupon {code} doesn’t apply to this plan.',
  couponUnknown: 'We couldn’t find the coupon {code}, so checkout goes on without it.',
  couponUnchecked: 'We couldn’t check the coupon {code} just now. We’ll try it at checkout, so the prices here don’t include it yet.',
  coach: 'Your coach',
  payHeading: 'What you’ll pay',
  todayNothing: 'Today: {zero}.',
  monthlyLater: 'On {date}: {first}, then {then} every month until you cancel.',
  monthlyNow: 'Today: {first}, then {then} every month until you cancel.',
  onceLater: 'On {date}: {first}, once. Nothing after that.',
  onceNow: 'Today: {first}, once. Nothing after that.',
  trialCancel: 'Cancel before {date} and you pay nothing.',
  cancelAnyTime: 'You can cancel any time in the {brand} app. You won’t be charged again after you cancel.',
  pay: 'Continue to payment',
  paying: 'Opening secure checkout…',
  securePage: 'You’ll pay on Stripe’s secure page.',
  otherPlan: 'Choose a different plan',
  checkoutRefusedTitle: 'We couldn’t start checkout',
  checkoutUnavailable: 'We couldn’t reach our payment partner. Nothing was charged. Please try again in a moment.',
  checkoutFailed: 'Something went wrong on our side. Nothing was charged. Please try again.',

  confirmEmailTitle: 'Confirm your email to pay',
  confirmEmailBody: 'We emailed you a link when you signed up. Open it, then come back here to pay.',
  confirmEmailWhy: 'Your receipts go to that address, so we check it’s yours first.',
  sendLinkAgain: 'Send the link again',
  sendingLink: 'Sending…',
  linkSent: 'Sent. Check your inbox, and your spam folder too.',
  linkNotSentTitle: 'The link didn’t go out',
  linkNotSent: 'Something went wrong on our side. Please try again in a moment.',

  testTitle: 'Test checkout',
  testBanner: 'Test mode\u00a0— no\u00a0money\u00a0moves',
  testBannerBody: 'This practice checkout takes no card and charges nothing.',
  dueToday: 'Due today',
  payTest: 'Pay (test)',
  payingTest: 'Paying…',
  cancel: 'Cancel',
  testPaid: 'This test checkout is already paid.',
  testPaidLink: 'See your payment',
  testMissingTitle: 'We couldn’t find this checkout',
  testMissing: 'The link may be incomplete, or the checkout has ended. Nothing was charged.',
  testPayFailedTitle: 'That didn’t go through',
  testPayFailed: 'Nothing was charged. Please try again.',
  backToPlan: 'Back to your plan',

  confirmingTitle: 'Confirming your payment',
  confirming: 'Confirming your payment…',
  confirmingBody: 'This usually takes a few seconds. Please keep this page open.',
  successTitle: 'Payment confirmed',
  success: 'Payment confirmed\u00a0— welcome aboard',
  successPlan: 'Your plan: {plan}',
  pendingTitle: 'Payment on its way',
  pending: 'Your payment is on its way',
  pendingBody: 'Your bank is still confirming the payment; you can get the app now and we’ll let you know.',
  timeoutTitle: 'Still waiting',
  timeout: 'We haven’t heard back yet',
  timeoutBody: 'Your payment isn’t confirmed yet. Sometimes the bank takes a few minutes. Check again in a moment, or go back to your plan.',
  checkAgain: 'Check again',
  inApp: 'You’re all set. Carry on in the app.',
} as const;

export type PlanTextKey = keyof typeof en;

/** PlanT is the function the plan's screens get their copy from. */
export type PlanT = (key: PlanTextKey, params?: MessageParams) => string;

/** planText returns one message with its placeholders filled, {brand} included (for tests and code outside components). */
export function planText(key: PlanTextKey, params?: MessageParams): string {
  return interpolate(en[key], params);
}

/** usePlanT returns the plan's copy with {brand} filled in. */
export function usePlanT(): PlanT {
  const { brandName } = useRuntimeConfig();
  return useCallback((key, params) => interpolate(en[key], { brand: brandName, ...params }), [brandName]);
}
