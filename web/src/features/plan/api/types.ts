import type { components } from '@/lib/api-schema';

// The shapes of the billing API, generated from the server's OpenAPI document.

type Schemas = components['schemas'];

export type Plan = Schemas['Plan'];
export type Price = Schemas['Price'];
export type Charges = Schemas['Charges'];
export type Coupon = Schemas['Coupon'];
export type PlanCoach = Schemas['PlanCoach'];
export type PlansResponse = Schemas['PlansResponse'];
export type Subscription = Schemas['Subscription'];
export type CheckoutResponse = Schemas['CheckoutResponse'];
export type TestCheckout = Schemas['TestCheckout'];
export type TestCheckoutPaid = Schemas['TestCheckoutPaid'];
