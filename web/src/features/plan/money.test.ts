import { describe, expect, it } from 'vitest';
import { translate, type MessageKey, type MessageParams } from '@/lib/messages';
import { planMessages } from '@/messages/plan';
import { guided, intensive, starter, TODAY, welcome20, withCoupon } from '@/test/plans';
import type { Coupon, Plan } from './api/types';
import { chargeLines, chargeSentence, couponNote, dueToday, formatDay, formatMoney, priceLabel } from './money';

/** t is the plan's copy as a test reads it, the way the screens' translate gives it. */
const t = (key: MessageKey<typeof planMessages>, params?: MessageParams) => translate(planMessages, key, params);

describe('formatMoney', () => {
  it.each([
    [12900, 'usd', false, '$129.00'],
    [12900, 'usd', true, '$129'],
    [10320, 'usd', true, '$103.20'],
    [0, 'usd', true, '$0'],
    [5000, 'jpy', false, '¥5,000'],
    [12900, 'eur', true, '€129'],
  ])('writes %i %s (whole: %s) as %s', (amount, currency, whole, want) => {
    expect(formatMoney(amount, currency, { whole })).toBe(want);
  });

  it('still writes a currency Intl does not know', () => {
    expect(formatMoney(1250, 'zz1')).toBe('12.50 ZZ1');
  });
});

describe('formatDay', () => {
  it('writes a UTC day in words, whatever the time zone', () => {
    expect(formatDay('2026-11-30')).toBe('November 30, 2026');
    expect(formatDay('2027-01-01')).toBe('January 1, 2027');
  });
});

describe('priceLabel', () => {
  it('says a monthly price per month and a one-off price once', () => {
    expect(priceLabel(t, guided)).toBe('$129 / month');
    expect(priceLabel(t, starter)).toBe('$149 one-time');
  });
});

describe('chargeSentence', () => {
  it.each<[string, Plan, string]>([
    ['a trial, then monthly', guided, 'Today: $0. On November 30, 2026: $129.00, then $129.00 every month until you cancel.'],
    ['a trial with 20% off the first month', withCoupon(guided), 'Today: $0. On November 30, 2026: $103.20, then $129.00 every month until you cancel.'],
    ['monthly from today', intensive, 'Today: $249.00, then $249.00 every month until you cancel.'],
    ['one-off', starter, 'Today: $149.00, once. Nothing after that.'],
    ['one-off after a trial', { ...starter, charges: { first: { amount: 14900, on: '2026-12-07' }, then: null } }, 'Today: $0. On December 7, 2026: $149.00, once. Nothing after that.'],
  ])('says plainly what is charged and when: %s', (_, plan, want) => {
    expect(chargeSentence(t, plan, TODAY)).toBe(want);
  });

  it('puts what is due today and what comes later in sentences of their own', () => {
    expect(chargeLines(t, guided, TODAY)).toEqual(['Today: $0.', 'On November 30, 2026: $129.00, then $129.00 every month until you cancel.']);
    expect(chargeLines(t, starter, TODAY)).toEqual(['Today: $149.00, once. Nothing after that.']);
  });

  it('counts what is due today', () => {
    expect(dueToday(guided, TODAY)).toBe(0);
    expect(dueToday(intensive, TODAY)).toBe(24900);
  });
});

describe('couponNote', () => {
  const coupon = (extra: Partial<Coupon>): Coupon => ({ ...welcome20, ...extra });
  it.each<[string, Coupon, Plan, string, boolean]>([
    ['20% off once, monthly', welcome20, withCoupon(intensive), 'Coupon WELCOME20: 20% off your first month', true],
    ['20% off once, after a trial', welcome20, withCoupon(guided), 'Coupon WELCOME20: 20% off your first paid month', true],
    ['for three months', coupon({ duration: 'repeating', durationInMonths: 3 }), withCoupon(intensive), 'Coupon WELCOME20: 20% off your first 3 months', true],
    ['for good', coupon({ duration: 'forever' }), withCoupon(intensive), 'Coupon WELCOME20: 20% off every month', true],
    ['an amount off a one-off plan', coupon({ percentOff: null, amountOff: 2000 }), { ...starter, charges: { first: { amount: 12900, on: '2026-11-23' }, then: null } }, 'Coupon WELCOME20: $20.00 off', true],
    ['a coupon the prices do not show', coupon({ percentOff: null, amountOff: 2000 }), starter, 'The coupon WELCOME20 doesn’t apply to this plan.', false],
    ['unknown', coupon({ status: 'unknown', percentOff: null, duration: null }), guided, 'We couldn’t find the coupon WELCOME20, so checkout goes on without it.', false],
    ['unchecked', coupon({ status: 'unchecked', percentOff: null, duration: null }), guided, 'We couldn’t check the coupon WELCOME20 just now. We’ll try it at checkout, so the prices here don’t include it yet.', false],
  ])('%s', (_, given, plan, text, applies) => {
    expect(couponNote(t, given, plan)).toEqual({ text, applies });
  });

  it('says nothing without a coupon', () => {
    expect(couponNote(t, null, guided)).toBeUndefined();
  });
});
