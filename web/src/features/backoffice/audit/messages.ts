import { useCallback } from 'react';
import { useRuntimeConfig } from '@/config/runtime-context';
import { interpolate, type MessageParams } from '@/lib/messages';

// The audit log page's copy, beside the page, so members never download it. {brand} is filled
// from the runtime settings, as in the app's catalog.

const en = {
  title: 'Audit log',
  lead: 'Every time someone on staff opens or changes a member’s data, it’s written here. Newest first.',
  filtersHeading: 'Filter',
  memberId: 'Member id',
  memberIdHint: 'Shows what staff did with one member’s data. The id is on the member’s page.',
  staffId: 'Staff user id',
  staffIdHint: 'Shows what one person on staff did.',
  apply: 'Show entries',
  clear: 'Clear filters',
  loading: 'Loading entries…',
  loadFailedTitle: 'We couldn’t load the audit log',
  none: 'Nothing has been recorded yet.',
  noneFiltered: 'No entries match these filters.',
  caption: 'Audit log entries, newest first',
  shown: 'Showing {count} entries.',
  shownOne: 'Showing 1 entry.',
  when: 'When',
  staff: 'Staff',
  action: 'Action',
  member: 'Member',
  target: 'Target',
  address: 'Address',
  nothing: '—',
  nothingWords: 'None',
  older: 'Older entries',
  loadingOlder: 'Loading older entries…',
  olderFailed: 'Older entries didn’t load. Please try again.',

  'action.members.search': 'Searched members',
  'action.member.view': 'Opened member',
  'action.member.profile.update': 'Edited profile',
  'action.member.picture.view': 'Viewed picture',
  'action.member.picture.update': 'Uploaded picture',
  'action.member.picture.remove': 'Removed picture',
  'action.member.coach.switch': 'Switched coach',
  'action.safety.queue': 'Opened safety queue',
  'action.safety.review': 'Reviewed safety follow-up',
  'action.safety.reopen': 'Reopened journey',
  'action.coach.create': 'Added coach',
  'action.coach.update': 'Edited coach',
  'action.coach.portrait': 'Uploaded coach portrait',
  'action.staff.role': 'Changed role',
  'action.plan.update': 'Changed plan',
  'action.member.account_deleted': 'Member deleted their account',
  'action.android_waitlist.view': 'Opened Android waitlist',
  'action.android_waitlist.export': 'Downloaded Android waitlist',
} as const;

export type AuditTextKey = keyof typeof en;

export type AuditT = (key: AuditTextKey, params?: MessageParams) => string;

/** actionText says what an audit entry's action was, in words; an action it doesn't know stays as it is. */
export function actionText(t: AuditT, action: string): string {
  const key = `action.${action}`;
  return Object.hasOwn(en, key) ? t(key as AuditTextKey) : action;
}

/** useAuditT returns the audit page's copy with {brand} filled in. */
export function useAuditT(): AuditT {
  const { brandName } = useRuntimeConfig();
  return useCallback((key, params) => interpolate(en[key], { brand: brandName, ...params }), [brandName]);
}
