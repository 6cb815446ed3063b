import { formatLocale, type Translate } from '@/lib/messages';
import type { staffPlansMessages } from '@/messages/staff-plans';
import type { StaffPlan } from './api/get-plans';

// How the plans page writes prices. Amounts arrive in the currency's smallest unit (cents).

/** plansLocale is the language prices are written in, to match the plans page's copy. */
export const plansLocale = formatLocale;

/** formatMoney writes an amount in the smallest unit as money: "$129" for whole amounts, "$12.50" otherwise. */
export function formatMoney(amount: number, currency: string): string {
  const code = currency.toUpperCase();
  try {
    const digits = new Intl.NumberFormat(plansLocale, { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2;
    const unit = 10 ** digits;
    const shown = amount % unit === 0 ? 0 : digits;
    return new Intl.NumberFormat(plansLocale, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: shown,
      maximumFractionDigits: shown,
    }).format(amount / unit);
  } catch {
    // A currency code Intl does not know still reads plainly.
    return `${(amount / 100).toFixed(2)} ${code}`;
  }
}

/** priceText is a plan's price and how often: "$129 per month" or "$149 one-off". */
export function priceText(t: Translate<typeof staffPlansMessages>, plan: Pick<StaffPlan, 'price'>): string {
  const price = formatMoney(plan.price.amount, plan.price.currency);
  return plan.price.interval === 'month' ? t('perMonth', { price }) : t('oneOff', { price });
}
