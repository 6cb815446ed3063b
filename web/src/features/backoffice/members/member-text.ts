import type { components } from '@/lib/api-schema';
import { interpolate, translate, type MessageKey } from '@/lib/messages';
import { staffMembersMessages } from '@/messages/staff-members';

// How the members' pages write a member's data for staff: the survey's steps by name, the
// questions as the member saw them, and the words for a payment's state and a phone. The keys of
// each list are written out rather than built from the value, so the catalog's test can see each
// in use.

type MembersKey = MessageKey<typeof staffMembersMessages>;

/** paymentNames are the words for where a member's payment stands. */
export const paymentNames = {
  none: 'payment.none',
  pending: 'payment.pending',
  active: 'payment.active',
  past_due: 'payment.past_due',
  canceled: 'payment.canceled',
} as const satisfies Record<components['schemas']['Subscription']['status'], MembersKey>;

/** deviceNames are the words for the phone a member uses; "" is a member who hasn't said. */
export const deviceNames = {
  '': 'device.',
  iphone: 'device.iphone',
  android: 'device.android',
} as const satisfies Record<components['schemas']['StaffProfileRequest']['device'], MembersKey>;

// stepNames name the steps whose slugs read badly as words: the slugs are a contract with the iOS
// app and keep their spelling, the names staff read need not.
const stepNames: Readonly<Record<string, MembersKey>> = {
  'discribe-diagnosis': 'step.discribe-diagnosis',
  'how-would-you-like-agave': 'step.how-would-you-like-agave',
  'ios-only': 'step.ios-only',
  'we-are-sorry-no-go': 'step.we-are-sorry-no-go',
};

/** stepName writes a survey step's slug as words: "how-you-identify" is "How you identify". */
export function stepName(slug: string): string {
  const named = Object.hasOwn(stepNames, slug) ? stepNames[slug] : undefined;
  if (named) return translate(staffMembersMessages, named);
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : slug;
}

/**
 * questionText fills a question's placeholders the way the member saw it: "How do you identify,
 * {firstName}?" is asked of Sam as "How do you identify, Sam?". Without a first name the name is
 * left out, with the comma before it.
 */
export function questionText(question: string, { firstName, brand }: { firstName: string; brand: string }): string {
  const named = firstName ? question : question.replace(/,?\s*\{firstName\}/g, '');
  return interpolate(named, { firstName, brand });
}
