import { useCallback } from 'react';
import { useRuntimeConfig } from '@/config/runtime-context';
import { interpolate, type MessageParams } from '@/lib/messages';

// The safety queue's copy. It lives beside the queue so only staff download it. It speaks of the
// members plainly and kindly, and never repeats what they answered.

const en = {
  title: 'Safety queue',
  heading: 'Safety queue',
  intro:
    'These members told us they have had thoughts of self-harm. Please contact each of them soon, by phone or email, and note what was done. Their answers are not shown here.',
  crisisNote: 'If someone is in immediate danger, call 911.',
  tabsLabel: 'Follow-ups',
  tabOpen: 'Awaiting review',
  tabReviewed: 'Reviewed',
  loadFailed: 'We couldn’t load the safety queue. Please try again.',
  noneOpen: 'No one is waiting for review.',
  noneReviewed: 'No reviewed follow-ups yet.',
  noName: 'No name given',
  email: 'Email',
  phone: 'Phone',
  disclosed: 'Told us',
  disclosedWhen: '{relative} ({absolute})',
  'device.': 'Not said',
  'device.iphone': 'iPhone',
  'device.android': 'Android',
  openMember: 'Open member page',
  markReviewed: 'Mark reviewed',
  reviewedBy: 'Reviewed by',
  reviewedAt: 'Reviewed',
  note: 'Note',
  journey: 'Sign-up',
  journeyPaused: 'Paused on the support page',
  journeyReopened: 'Reopened {date}',
  reopen: 'Reopen their journey',
  reopened: 'Their journey is open again. They can go on with sign-up.',
  reopenFailed: 'We couldn’t reopen their journey.',

  dialogHeading: 'Mark {name} reviewed',
  dialogIntro: 'Write down what was done, so the team knows. Please don’t copy their answers here.',
  noteLabel: 'What was done',
  noteHint: 'For example: who talked to them, when, and what was agreed.',
  noteMissing: 'Please write what was done.',
  noteTooLong: 'Please keep the note to 2000 characters or fewer.',
  reopenLabel: 'Let them continue sign-up now',
  reopenHint: 'Leave this unticked to keep their sign-up paused for now. You can reopen it later.',
  save: 'Save review',
  saving: 'Saving…',
  cancel: 'Cancel',
  reviewed: 'Review saved.',
  reviewedReopened: 'Review saved. They can go on with sign-up now.',
  reviewFailed: 'We couldn’t save the review.',
} as const;

export type SafetyTextKey = keyof typeof en;

/** SafetyT is the function the safety queue gets its copy from. */
export type SafetyT = (key: SafetyTextKey, params?: MessageParams) => string;

/** safetyText returns one message with its placeholders filled (for tests and code outside components). */
export function safetyText(key: SafetyTextKey, params?: MessageParams): string {
  return interpolate(en[key], params);
}

/** useSafetyT returns the safety queue's copy with {brand} filled in. */
export function useSafetyT(): SafetyT {
  const { brandName } = useRuntimeConfig();
  return useCallback((key, params) => interpolate(en[key], { brand: brandName, ...params }), [brandName]);
}
