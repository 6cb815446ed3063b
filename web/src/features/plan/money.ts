import { formatLocale, type Translate } from '@/lib/messages';
import type { planMessages } from '@/messages/plan';
import type { Coupon, Plan } from './api/types';

// How the plan screens write amounts, dates and what will be charged when. Amounts arrive in the
// currency's smallest unit (cents) and dates as UTC days (YYYY-MM-DD), both computed by the server
// with any coupon applied; this module only writes them down, it never computes a price.

/** planLocale is the language money and dates are written in, to match the plan's copy. */
export const planLocale = formatLocale;

type PlanT = Translate<typeof planMessages>;

/** fractionDigits is how many minor-unit digits a currency has (2 for USD, 0 for JPY). */
function fractionDigits(currency: string): number {
  try {
    return new Intl.NumberFormat(planLocale, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * formatMoney writes an amount in the smallest unit as money: "$103.20". whole drops the cents of
 * a round amount ("$129"), for prices; charges always show their cents, so "$129.00" next to
 * "$103.20" reads as the exact sum it is.
 */
export function formatMoney(amount: number, currency: string, { whole = false }: { whole?: boolean } = {}): string {
  const code = currency.toUpperCase();
  const digits = fractionDigits(code);
  const unit = 10 ** digits;
  const shown = whole && amount % unit === 0 ? 0 : digits;
  try {
    return new Intl.NumberFormat(planLocale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: shown,
      maximumFractionDigits: shown,
    }).format(amount / unit);
  } catch {
    // A currency code Intl does not know still reads plainly.
    return `${(amount / unit).toFixed(shown)} ${code}`;
  }
}

/** formatDay writes a UTC day (YYYY-MM-DD) as "November 30, 2026". */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(planLocale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** todayUTC is today's date in UTC, as the server writes charge days. */
export function todayUTC(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** firstChargeLater tells whether the first charge falls after today (a free trial), not today. */
export function firstChargeLater(plan: Plan, now: Date = new Date()): boolean {
  return plan.charges.first.on > todayUTC(now);
}

/** dueToday is what the member pays today: the first charge, or nothing during a free trial. */
export function dueToday(plan: Plan, now: Date = new Date()): number {
  return firstChargeLater(plan, now) ? 0 : plan.charges.first.amount;
}

/** priceLabel is a plan's list price: "$129 / month" or "$149 one-time". */
export function priceLabel(t: PlanT, plan: Plan): string {
  const price = formatMoney(plan.price.amount, plan.price.currency, { whole: true });
  return plan.price.interval === 'month' ? t('perMonth', { price }) : t('oneTime', { price });
}

/**
 * chargeLines says plainly what will be charged and when, in one or two short sentences: "Today:
 * $0." and "On November 30, 2026: $103.20, then $129.00 every month until you cancel.", or "Today:
 * $149.00, once. Nothing after that." Shown one under the other, they read at a glance.
 */
export function chargeLines(t: PlanT, plan: Plan, now: Date = new Date()): string[] {
  const { currency } = plan.price;
  const money = (amount: number) => formatMoney(amount, currency);
  const later = firstChargeLater(plan, now);
  const params = { date: formatDay(plan.charges.first.on), first: money(plan.charges.first.amount) };
  const then = plan.charges.then;
  const monthly = plan.price.interval === 'month' && then !== null;
  if (!later) return [monthly ? t('monthlyNow', { ...params, then: money(then) }) : t('onceNow', params)];
  return [
    t('todayNothing', { zero: formatMoney(0, currency, { whole: true }) }),
    monthly ? t('monthlyLater', { ...params, then: money(then) }) : t('onceLater', params),
  ];
}

/** chargeSentence is chargeLines as one sentence. */
export function chargeSentence(t: PlanT, plan: Plan, now: Date = new Date()): string {
  return chargeLines(t, plan, now).join(' ');
}

/** CouponNote is what the preview says of the coupon, and in which tone. */
export interface CouponNote {
  text: string;
  /** applies: the discount is in the prices shown. */
  applies: boolean;
}

/**
 * couponNote says what the member's coupon does for a plan, or undefined without a coupon. A
 * coupon that applies names its discount and for how long; one the server could not match to the
 * plan (an amount off in another currency) says so rather than promising a discount the charges
 * do not show.
 */
export function couponNote(t: PlanT, coupon: Coupon | null, plan: Plan): CouponNote | undefined {
  if (!coupon) return undefined;
  const { code } = coupon;
  if (coupon.status === 'unknown') return { text: t('couponUnknown', { code }), applies: false };
  if (coupon.status === 'unchecked') return { text: t('couponUnchecked', { code }), applies: false };
  const off = coupon.percentOff
    ? `${new Intl.NumberFormat(planLocale, { maximumFractionDigits: 2 }).format(coupon.percentOff)}%`
    : coupon.amountOff
      ? formatMoney(coupon.amountOff, plan.price.currency)
      : '';
  if (!off || plan.charges.first.amount >= plan.price.amount) return { text: t('couponNotForPlan', { code }), applies: false };
  if (plan.price.interval !== 'month') return { text: t('couponOff', { code, off }), applies: true };
  const paid = plan.trialDays > 0;
  const months = coupon.duration === 'repeating' ? (coupon.durationInMonths ?? 1) : 1;
  if (coupon.duration === 'forever') return { text: t('couponForever', { code, off }), applies: true };
  if (months > 1) return { text: t(paid ? 'couponFirstPaidMonths' : 'couponFirstMonths', { code, off, months }), applies: true };
  return { text: t(paid ? 'couponFirstPaidMonth' : 'couponFirstMonth', { code, off }), applies: true };
}
