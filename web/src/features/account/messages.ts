import { useCallback } from 'react';
import { useRuntimeConfig } from '@/config/runtime-context';
import { interpolate, type MessageParams } from '@/lib/messages';

// The account menu's panel and the goodbye page's copy. It lives beside them rather than in the
// app's catalog (lib/messages.ts), which ships with the first screen and holds only the menu
// button's name: the panel's code loads when the member first opens the menu, and its words with it. {brand} is filled from the runtime settings.

const en = {
  menuLabel: 'Your account',
  loading: 'One moment…',
  signedInAs: 'Signed in as',
  download: 'Download my data',
  downloading: 'Getting your data ready…',
  downloaded: 'Your data is downloading as a file.',
  downloadFailed: 'We couldn’t get your data just now. Please try again in a minute.',
  downloadTooOften: 'You’ve downloaded your data several times this hour. Please try again a bit later.',
  changePassword: 'Change password',
  delete: 'Delete my account',
  signOut: 'Sign out',

  deleteHeading: 'Delete your account?',
  deleteBody:
    'This deletes your answers, your profile and your coach choice for good, and signs you out everywhere. It can’t be undone.',
  deleteSubscription: 'Your subscription will be cancelled too, so you won’t be charged again.',
  deleteKeepCopy: 'If you’d like a copy first, download your data before you go.',
  deleteKeep: 'Keep my account',
  deleteConfirm: 'Yes, delete my account',
  deleting: 'Deleting your account…',
  deleteFailed: 'We couldn’t delete your account just now, and nothing was changed. Please try again in a few minutes.',
  deleteSignedOut: 'Your sign-in has ended. Please sign in again, then delete your account.',
  deleteStaff: 'Staff accounts are closed by an admin.',

  goodbyeTitle: 'Account deleted',
  goodbyeHeading: 'Your account is deleted',
  goodbyeBody: 'We’ve removed your answers, your profile and your sign-in. Thank you for giving {brand} a try.',
  goodbyeCare:
    'If you ever want coaching again, you’re welcome back at any time. Take good care of yourself.',
  goodbyeHome: 'Go to the home page',
} as const;

export type AccountTextKey = keyof typeof en;

/** AccountT is the function the account menu and the goodbye page get their copy from. */
export type AccountT = (key: AccountTextKey, params?: MessageParams) => string;

/** useAccountT returns the account copy with {brand} filled in. */
export function useAccountT(): AccountT {
  const { brandName } = useRuntimeConfig();
  return useCallback((key, params) => interpolate(en[key], { brand: brandName, ...params }), [brandName]);
}
