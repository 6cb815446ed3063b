import type { MessageKey, Translate } from '@/lib/messages';
import type { staffAuditMessages } from '@/messages/staff-audit';

// actionNames maps each action the audit log records (internal/backoffice) to its words in the
// audit page's copy. The keys are written out rather than built from the action, so the catalog's
// test can see each in use; an action missing here is shown as the server spells it.
const actionNames: Readonly<Record<string, MessageKey<typeof staffAuditMessages>>> = {
  'members.search': 'action.members.search',
  'member.view': 'action.member.view',
  'member.profile.update': 'action.member.profile.update',
  'member.picture.view': 'action.member.picture.view',
  'member.picture.update': 'action.member.picture.update',
  'member.picture.remove': 'action.member.picture.remove',
  'member.coach.switch': 'action.member.coach.switch',
  'safety.queue': 'action.safety.queue',
  'safety.review': 'action.safety.review',
  'safety.reopen': 'action.safety.reopen',
  'coach.create': 'action.coach.create',
  'coach.update': 'action.coach.update',
  'coach.portrait': 'action.coach.portrait',
  'staff.role': 'action.staff.role',
  'plan.update': 'action.plan.update',
  'member.account_deleted': 'action.member.account_deleted',
  'android_waitlist.view': 'action.android_waitlist.view',
  'android_waitlist.export': 'action.android_waitlist.export',
  'members.export': 'action.members.export',
  'webhook.create': 'action.webhook.create',
  'webhook.update': 'action.webhook.update',
  'webhook.rotate_secret': 'action.webhook.rotate_secret',
  'webhook.delete': 'action.webhook.delete',
  'webhook.resend': 'action.webhook.resend',
};

/** actionText says what an audit entry's action was, in words; an action it doesn't know stays as it is. */
export function actionText(t: Translate<typeof staffAuditMessages>, action: string): string {
  const key = Object.hasOwn(actionNames, action) ? actionNames[action] : undefined;
  return key ? t(key) : action;
}
