import { useCallback } from 'react';
import { useRuntimeConfig } from '@/config/runtime-context';
import { interpolate, type MessageParams } from '@/lib/messages';

// The copy of the members list and a member's page. It lives beside them so only staff download
// it. Texts the spec fixes are kept word for word: "No users found", "Unable to fetch user",
// "User profile updated successfully", "Unable to update user profile", "Unable to upload profile
// picture", "Coach switched successfully", "Switch coach error: Unable to switch coach" and
// "No coaches found".

const en = {
  listTitle: 'Members',
  listHeading: 'Members',
  listLead: 'Find a member by name or email. The newest sign-ups come first.',
  searchLabel: 'Search by name or email',
  searchHint: 'Three letters or more find any part of a name or email. One or two find a whole first or last name, like “Li”.',
  search: 'Search',
  clearSearch: 'Show everyone',
  resultsFor: 'Showing members matching “{q}”.',
  tableCaption: 'Members, newest first',
  colName: 'Name',
  colEmail: 'Email',
  colSignedUp: 'Signed up',
  colStep: 'Step reached',
  colCoach: 'Coach',
  colPayment: 'Payment',
  colSafety: 'Safety',
  noName: 'No name yet',
  noStep: 'Not started',
  noCoach: 'None yet',
  safetyFlag: 'Needs review',
  safetyNone: 'None',
  noUsers: 'No users found',
  listFailed: 'We couldn’t load the members. Please try again.',
  pagination: 'Pages of members',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageNumber: 'Page {n}',

  'payment.none': 'No plan',
  'payment.pending': 'Pending',
  'payment.active': 'Paid',
  'payment.past_due': 'Overdue',
  'payment.canceled': 'Canceled',

  'device.': 'Not said',
  'device.iphone': 'iPhone',
  'device.android': 'Android',

  memberTitle: 'Member',
  fetchFailed: 'Unable to fetch user',
  allMembers: 'All members',
  signedUpOn: 'Signed up {date}',

  profileHeading: 'Profile',
  pictureLabel: 'Profile picture',
  pictureAlt: 'Profile picture of {name}',
  pictureFailed: 'Unable to upload profile picture',
  firstName: 'First name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  phone: 'Phone',
  email: 'Email',
  emailNote: 'The email belongs to the member’s sign-in and is changed by them.',
  saveProfile: 'Save profile',
  savingProfile: 'Saving…',
  profileSaved: 'User profile updated successfully',
  profileFailed: 'Unable to update user profile',

  coachHeading: 'Coach',
  currentCoach: 'Current coach: {name}',
  noCurrentCoach: 'No coach yet.',
  chooseCoach: 'New coach',
  chooseCoachPlaceholder: 'Choose a coach',
  coachCurrentMark: '{name} (current coach)',
  coachResting: '{name} (resting)',
  coachFull: '{name} (full: {assigned} of {capacity})',
  coachPlaces: '{name} ({assigned} of {capacity})',
  switchCoach: 'Switch coach',
  switchingCoach: 'Switching…',
  coachSwitched: 'Coach switched successfully',
  coachSwitchFailed: 'Switch coach error: Unable to switch coach',
  noCoaches: 'No coaches found',
  coachesFailed: 'We couldn’t load the coaches. Please try again.',
  coachHistory: 'Coach history',
  coachSince: 'since {from}',
  coachFromTo: '{from} to {to}',
  noCoachHistory: 'No coaches yet.',

  answersHeading: 'Answers',
  scored: 'Scored {score}/6',
  highLikelihood: 'High likelihood of ADHD',
  lowLikelihood: 'Low likelihood of ADHD',
  notScored: 'Not scored yet: the questionnaire isn’t finished.',
  noAnswers: 'No answers yet.',
  answeredOn: 'Answered {date}',

  utmHeading: 'Campaign',
  utmFirst: 'First visit',
  utmLatest: 'Latest visit',
  utmNone: 'No campaign recorded.',
  utmEmpty: 'None',

  progressHeading: 'Progress',
  progressSteps: 'Steps taken, oldest first',
  noProgress: 'No steps yet.',

  paymentHeading: 'Payment',
  paymentPlan: 'Plan: {plan}',

  safetyHeading: 'Safety',
  safetyNoneRecorded: 'No safety disclosures.',
  safetyDisclosed: 'Told us of thoughts of self-harm {date}.',
  safetyAwaiting: 'Awaiting review.',
  safetyReviewed: 'Reviewed {date}.',
  safetyQueueLink: 'Open the safety queue',
} as const;

export type MembersTextKey = keyof typeof en;

/** MembersT is the function the members' pages get their copy from. */
export type MembersT = (key: MembersTextKey, params?: MessageParams) => string;

/** membersText returns one message with its placeholders filled (for tests and code outside components). */
export function membersText(key: MembersTextKey, params?: MessageParams): string {
  return interpolate(en[key], params);
}

/** useMembersT returns the members' copy with {brand} filled in. */
export function useMembersT(): MembersT {
  const { brandName } = useRuntimeConfig();
  return useCallback((key, params) => interpolate(en[key], { brand: brandName, ...params }), [brandName]);
}

// stepNames name the steps whose slugs read badly as words: the slugs are a contract with the iOS
// app and keep their spelling, the names staff read need not.
const stepNames: Record<string, string> = {
  'discribe-diagnosis': 'Describe diagnosis',
  'how-would-you-like-agave': 'Coaching before',
};

/** stepName writes a survey step's slug as words: "how-you-identify" is "How you identify". */
export function stepName(slug: string): string {
  const named = stepNames[slug];
  if (named) return named;
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
