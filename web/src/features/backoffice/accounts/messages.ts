import { useCallback } from 'react';
import { useRuntimeConfig } from '@/config/runtime-context';
import { interpolate, type MessageParams } from '@/lib/messages';

// The staff accounts page's copy, beside the page, so members never download it. {brand} is
// filled from the runtime settings, as in the app's catalog.

const en = {
  title: 'Staff accounts',
  lead: 'Everyone who can use the {brand} back office, and what they may do there.',
  loading: 'Loading staff accounts…',
  loadFailedTitle: 'We couldn’t load the staff accounts',
  none: 'No one has a staff role yet.',
  caption: 'Staff and administrators',
  email: 'Email',
  name: 'Name',
  role: 'Role',
  since: 'Signed up',
  noName: 'No name given',
  'role.admin': 'Administrator',
  'role.staff': 'Staff',
  'role.member': 'Member',

  providerTitle: 'Roles are managed in your identity provider',
  providerBody: 'To change someone’s role, change it there. It takes effect here the next time they sign in.',

  formHeading: 'Give someone a role',
  formIntro: 'The person must have created a {brand} account first, with this same email.',
  formEmail: 'Their email',
  formRole: 'Role',
  'option.staff': 'Staff',
  'option.admin': 'Administrator',
  'option.member': 'Member (no back-office access)',
  roleHint: 'Staff see members, the safety queue and coaches. Administrators can also change coaches, roles and plans, and read the audit log.',
  submit: 'Give role',
  saving: 'Saving…',
  emailMissing: 'Please give the email they signed up with.',
  'given.staff': '{email} is now on staff.',
  'given.admin': '{email} is now an administrator.',
  'given.member': '{email} no longer has back-office access.',
  notFound: 'No one has signed up with that email yet. Ask them to create an account first, then try again.',
  conflict: 'That change can’t be made here.',
  refused: 'Only administrators can change roles. Nothing was changed.',
  failed: 'The role wasn’t changed. Check your connection, then try again.',
  failedTitle: 'The role wasn’t changed',
} as const;

export type AccountsTextKey = keyof typeof en;

export type AccountsT = (key: AccountsTextKey, params?: MessageParams) => string;

/** useAccountsT returns the staff accounts page's copy with {brand} filled in. */
export function useAccountsT(): AccountsT {
  const { brandName } = useRuntimeConfig();
  return useCallback((key, params) => interpolate(en[key], { brand: brandName, ...params }), [brandName]);
}
