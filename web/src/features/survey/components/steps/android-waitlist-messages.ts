import { useCallback } from 'react';
import { useRuntimeConfig } from '@/config/runtime-context';
import { interpolate, type MessageParams } from '@/lib/messages';

// The Android waitlist's copy, on the ios-only step. It lives beside the step rather than in the
// app's catalog (lib/messages.ts), which ships with the first screen: the step's code loads when a
// member reaches it, and its words with it. {brand} is filled from the runtime settings.
//
// consent is the text a member agrees to: the server records its version (ConsentVersion in
// internal/waitlist), so a change of its words takes a new version there too.

const en = {
  heading: 'Join the Android waitlist',
  emailLabel: 'Email address',
  emailHint: 'We’ll write to this address once. It can be different from the one you sign in with.',
  consent: 'Email me once when {brand} is on Android. We won’t use this address for anything else.',
  join: 'Join the Android waitlist',
  joining: 'Adding you…',
  emailMissing: 'Please type the email address we should write to.',
  emailInvalid: 'Please check the email address. It should look like name@example.com.',
  consentMissing: 'Please tick the box so we may email you when {brand} is on Android.',

  joinedHeading: 'You’re on the list',
  joinedBody: 'We’ll write to {email} once, when {brand} is on Android. That’s the only email this list will send.',
  joinedNote: 'Changed your mind? You can leave the waitlist at any time.',
  leave: 'Leave the waitlist',
  leaving: 'Taking you off…',
  left: 'You’ve left the waitlist. We won’t email you about Android.',

  loading: 'Checking the waitlist…',
  loadFailed: 'We couldn’t check the waitlist just now.',
  retry: 'Try again',
  joinFailed: 'We couldn’t add you to the waitlist just now. Please try again in a minute.',
  leaveFailed: 'We couldn’t take you off the waitlist just now. Please try again in a minute.',
  signedOut: 'Your sign-in has ended. Please reload the page to sign in again.',
} as const;

export type WaitlistTextKey = keyof typeof en;

/** WaitlistT is the function the waitlist gets its copy from. */
export type WaitlistT = (key: WaitlistTextKey, params?: MessageParams) => string;

/** useWaitlistT returns the waitlist's copy with {brand} filled in. */
export function useWaitlistT(): WaitlistT {
  const { brandName } = useRuntimeConfig();
  return useCallback((key, params) => interpolate(en[key], { brand: brandName, ...params }), [brandName]);
}
