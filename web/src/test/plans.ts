import { afterEach, beforeEach, vi } from 'vitest';
import { defaultRuntimeConfig } from '@/config/runtime';
import type { Coupon, Plan, PlansResponse } from '@/features/plan/api/types';
import { json, member, type Answer } from './api';
import { finishedSurvey } from './survey';

// Plans as GET /api/billing/plans sends them, for the plan screens' tests. "Today" in these tests
// is 23 November 2026 (UTC): a 7-day trial's first charge falls on 30 November.

export const TODAY = new Date('2026-11-23T12:00:00Z');

/** paymentConfig is the runtime config of a site that offers the plan and payment. */
export const paymentConfig = { ...defaultRuntimeConfig, paymentEnabled: true };

/**
 * atThePlan returns the server's answers for a member who finished the survey and chose Maya, and
 * so has reached the plan, with routes added or replaced.
 */
export function atThePlan(routes: Record<string, Answer> = {}): Record<string, Answer> {
  return {
    ...finishedSurvey({ coachId: 'maya', resumeAt: 'testimonials' }, { real: true }),
    'GET /api/user/me': json(200, member),
    ...routes,
  };
}

/** freezeToday stops the clock at TODAY in every test of the file that calls it, so dates read the same. */
export function freezeToday() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TODAY);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** guided is a monthly plan with a 7-day free trial: $129 a month. */
export const guided: Plan = {
  planId: 'guided',
  name: 'Guided',
  price: { amount: 12900, currency: 'usd', interval: 'month' },
  includes: ['A weekly 30-minute video session', 'Chat with your coach on weekdays'],
  trialDays: 7,
  support: 'standard',
  charges: { first: { amount: 12900, on: '2026-11-30' }, then: 12900 },
};

/** intensive is a monthly plan without a trial: $249 a month from today. */
export const intensive: Plan = {
  planId: 'intensive',
  name: 'Intensive',
  price: { amount: 24900, currency: 'usd', interval: 'month' },
  includes: ['Two sessions a week', 'Daily check-ins'],
  trialDays: 0,
  support: 'intensive',
  charges: { first: { amount: 24900, on: '2026-11-23' }, then: 24900 },
};

/** starter is a one-off plan: $149 once, today. */
export const starter: Plan = {
  planId: 'starter',
  name: 'Starter',
  price: { amount: 14900, currency: 'usd', interval: 'once' },
  includes: ['Three sessions to set your goals'],
  trialDays: 0,
  support: 'light',
  charges: { first: { amount: 14900, on: '2026-11-23' }, then: null },
};

/** welcome20 is a coupon for 20% off the first charge. */
export const welcome20: Coupon = {
  code: 'WELCOME20',
  status: 'applies',
  percentOff: 20,
  amountOff: null,
  duration: 'once',
  durationInMonths: null,
};

/** withCoupon returns the plan as the server prices it with 20% off its first charge. */
export function withCoupon(plan: Plan): Plan {
  return { ...plan, charges: { ...plan.charges, first: { ...plan.charges.first, amount: Math.round(plan.price.amount * 0.8) } } };
}

/** plansResponse is the answer for a member recommended guided, with Maya as their coach. */
export function plansResponse(extra: Partial<PlansResponse> = {}): PlansResponse {
  return {
    plans: [guided, starter, intensive],
    recommendation: { planId: 'guided', reason: 'You’d like someone in your corner week to week, so we recommend steady, regular time with your coach.' },
    coupon: null,
    coach: { coachId: 'maya', firstName: 'Maya', lastName: 'Reyes', avatarUrl: '/media/coaches/maya.svg' },
    subscription: { planId: null, status: 'none' },
    testMode: false,
    emailVerificationRequired: false,
    ...extra,
  };
}

/**
 * sentence matches the paragraph whose whole text is text, for sentences shown in parts (each on a
 * line of its own): use it as screen.getByText(sentence('…')).
 */
export function sentence(text: string) {
  return (_: string, element: Element | null) => element?.tagName === 'P' && element.textContent === text;
}
