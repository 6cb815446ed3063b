import { useCallback } from 'react';
import { useRuntimeConfig } from '@/config/runtime-context';
import { interpolate, type MessageParams } from '@/lib/messages';

// The coach chooser's copy. It lives beside the chooser rather than in the app's catalog so that
// only members who reach the chooser download it; the first screens stay within their budget.
// {brand} is filled from the runtime settings, as in the catalog.

const en = {
  title: 'Choose your coach',
  intro: 'Every coach here works with adults with ADHD. Pick the one who feels right. You can switch later.',
  loading: 'Finding coaches for you…',
  errorTitle: 'Error',
  retry: 'Try again',
  none: 'No coaches have room right now. Please check back soon: new places open every week.',
  carouselLabel: 'Coaches',
  slideLabel: '{n} of {total}: {name}',
  position: 'Coach {n} of {total}',
  previous: 'Previous coach',
  next: 'Next coach',
  recommended: 'Recommended for you',
  current: 'Your coach',
  reasonTopics: 'Specializes in {topics}',
  reasonSameZone: 'in your time zone',
  reasonNearZone: 'close to your time zone',
  and: ' and ',
  tags: 'Specialties and personality',
  timezone: 'Time zone',
  about: 'About',
  showMore: 'Show more',
  hide: 'Hide',
  choose: 'Choose {firstName}',
  choosing: 'Saving your choice…',
  handedToApp: 'Great choice! Carry on in the app.',
  refusedTitle: 'We couldn’t make that choice',
  refused: 'Please choose another coach.',
  notSaved: 'Your choice didn’t reach us. Check your connection, then choose again.',
  portrait: 'Portrait of {name}',
  video: 'Video hello from {name}',
  videoLoading: 'Loading video…',
  videoFailed: 'The video didn’t load. Check your connection, or read about {firstName} below.',

  qrLabel: 'QR code that opens the {brand} app in the App Store',
  qrCaption: 'On a computer? Point your iPhone’s camera here.',
  nextHeading: 'What happens next',
  step1: 'Open the App Store on your iPhone.',
  step2: 'Install the {brand} app.',
  step3: 'Sign in with the same email you used here.',
  step3Coach: 'Sign in with the same email you used here. {coach} will say hello.',
  switchCoach: 'Choose a different coach',
  openStore: 'Open the App Store',
  noStoreLink: 'Search for “{brand}” in the App Store on your iPhone.',
  haveApp: 'I have the app',
  finishTitle: 'You’re all set',
  finishHeading: 'You’re all set!',
  finishLead: 'Your coach will say hello in the {brand} app.',
  finishLeadCoach: '{coach} will say hello in the {brand} app.',
  finishSignIn: 'Sign in there with the same email, and everything you told us will be waiting.',
} as const;

export type CoachesTextKey = keyof typeof en;

/** useCoachesT returns the chooser's copy with {brand} filled in. */
export function useCoachesT(): (key: CoachesTextKey, params?: MessageParams) => string {
  const { brandName } = useRuntimeConfig();
  return useCallback((key, params) => interpolate(en[key], { brand: brandName, ...params }), [brandName]);
}
