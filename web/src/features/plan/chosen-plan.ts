import type { Plan } from './api/types';

// The plan the member chose, kept in this tab's sessionStorage: not in the address, because which
// plan a member is recommended hints at their health answers (ARCHITECTURE §7), and the address
// ends up in history, logs and referrers. sessionStorage survives a reload and the round trip
// through Stripe's checkout, and goes with the tab.

export const CHOSEN_PLAN_KEY = 'wayfinder.plan';

/** rememberPlan keeps the member's choice for the preview and the return from checkout. */
export function rememberPlan(planId: string): void {
  try {
    sessionStorage.setItem(CHOSEN_PLAN_KEY, planId);
  } catch {
    // Storage may be off (private browsing); the preview then shows the recommended plan.
  }
}

/** forgetPlan drops the choice once the member holds a plan. */
export function forgetPlan(): void {
  try {
    sessionStorage.removeItem(CHOSEN_PLAN_KEY);
  } catch {
    // Nothing kept, nothing to drop.
  }
}

function rememberedPlan(): string | null {
  try {
    return sessionStorage.getItem(CHOSEN_PLAN_KEY);
  } catch {
    return null;
  }
}

/**
 * chosenPlan returns the plan the member chose, when it is still offered, else the recommended one
 * (else the first: the server lists the recommended plan first).
 */
export function chosenPlan(plans: readonly Plan[], recommendedId: string): Plan | undefined {
  const remembered = rememberedPlan();
  return plans.find((p) => p.planId === remembered) ?? plans.find((p) => p.planId === recommendedId) ?? plans[0];
}
