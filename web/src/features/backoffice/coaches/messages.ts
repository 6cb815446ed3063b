import { useCallback } from 'react';
import { useRuntimeConfig } from '@/config/runtime-context';
import { interpolate, type MessageParams } from '@/lib/messages';

// The staff coach pages' copy. It lives beside the pages, so members never download it. {brand}
// is filled from the runtime settings, as in the app's catalog. "No coaches found" is the spec's
// own text, kept word for word.

const en = {
  listTitle: 'Coaches',
  listLead: 'Everyone who coaches with {brand}, resting coaches included.',
  add: 'Add a coach',
  loading: 'Loading coaches…',
  loadFailedTitle: 'We couldn’t load the coaches',
  loadFailed: 'It may be your connection. Check that you’re online, then try again.',
  retry: 'Try again',
  none: 'No coaches found',
  listLabel: 'All coaches',
  noPortrait: 'No portrait yet',
  portraitOf: 'Portrait of {name}',
  taking: 'Taking new members',
  resting: 'Resting',
  load: '{assigned} of {capacity} members',
  full: 'full',
  loadFull: '{assigned} of {capacity} members, full',
  edit: 'Edit',
  editName: 'Edit {name}',

  addTitle: 'Add a coach',
  editTitle: 'Edit {name}',
  editUnknown: 'Edit a coach',
  back: 'Back to coaches',
  notFoundTitle: 'We couldn’t find that coach',
  notFound: 'They may have been removed, or the address may be mistyped.',
  adminOnlyTitle: 'Only administrators can add or change coaches',
  adminOnly: 'You can still see every coach in the list. Ask an administrator if something needs changing.',
  refused: 'The server said only administrators can do this. Nothing was changed.',

  portraitHeading: 'Portrait',
  portraitLabel: 'Choose a portrait',
  portraitFailed: 'Unable to upload the portrait',
  portraitNote: 'Members see the portrait on the coach’s card. It’s saved as soon as you choose it.',
  portraitLater: 'You can add a portrait once the coach is saved.',

  detailsHeading: 'Details',
  firstName: 'First name',
  lastName: 'Last name',
  nickname: 'Nickname (optional)',
  nicknameHint: 'What members may call them, if it differs from their first name.',
  oneLiner: 'One-liner',
  oneLinerHint: 'A short line under their name, like “Calm, practical help with routines.”',
  tags: 'Specialties and personality',
  tagsHint: 'Separate them with commas, like: Time management, Warm, Direct. They help members find a match.',
  timezone: 'Time zone',
  timezoneHint: 'Where the coach works from. Members in nearby zones see them first.',
  timezoneNone: 'Not set',
  about: 'About',
  aboutHint: 'A few short paragraphs in the coach’s own voice. Leave an empty line between paragraphs.',
  videoHeading: 'Video hello',
  introVideoUrl: 'Intro video address (optional)',
  introVideoUrlHint: 'A Vimeo page or a video file, starting with https:// or /.',
  captionsUrl: 'Captions address (optional)',
  captionsUrlHint: 'WebVTT captions for a video file. Vimeo videos carry their own.',
  availabilityHeading: 'Availability',
  capacity: 'Capacity',
  capacityHint: 'The most members they work with at once.',
  capacityWhole: 'Capacity must be a whole number, zero or more.',
  active: 'Taking new members',
  restHeading: 'Rest this coach',
  restBody:
    'Untick “Taking new members” to rest a coach. New members won’t see them, and the members they have now stay with them.',
  restNow: 'Saving will rest {name}. The {count} members working with them now stay with them.',
  restNowOne: 'Saving will rest {name}. The 1 member working with them now stays with them.',
  avatarUrl: 'Portrait address',

  create: 'Add coach',
  save: 'Save changes',
  saving: 'Saving…',
  cancel: 'Cancel',
  saveFailedTitle: 'The coach wasn’t saved',
  saveFailed: 'Please check the fields below and try again.',
  saveFailedNetwork: 'It may be your connection. Check that you’re online, then try again.',
  created: '{name} was added.',
  saved: 'Changes to {name} were saved.',
  fieldProblem: '{label} {message}',
} as const;

export type CoachesTextKey = keyof typeof en;

export type CoachesT = (key: CoachesTextKey, params?: MessageParams) => string;

/** coachesText returns one message with its placeholders filled, for tests. */
export function coachesText(key: CoachesTextKey, params?: MessageParams): string {
  return interpolate(en[key], { brand: 'Wayfinder', ...params });
}

/** useCoachesT returns the staff coach pages' copy with {brand} filled in. */
export function useCoachesT(): CoachesT {
  const { brandName } = useRuntimeConfig();
  return useCallback((key, params) => interpolate(en[key], { brand: brandName, ...params }), [brandName]);
}
