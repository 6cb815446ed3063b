import type { MeResponse } from '@/features/account/api/get-me';
import type { StaffCoach } from '@/features/backoffice/shared/api/get-staff-coaches';
import { json, member, mockServer, type Answer } from './api';

// Stand-ins for the admin pages' tests: the signed-in admin and staff user, a coach as the staff
// API sends them, and a server that knows who is signed in.

export const adminMe: MeResponse = { me: { ...member.me, userId: 'admin-1', email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', role: 'admin' } };

export const staffMe: MeResponse = { me: { ...member.me, userId: 'staff-1', email: 'staff@example.com', firstName: 'Sam', lastName: 'Staff', role: 'staff' } };

/** staffCoach is a coach as GET /api/staff/coaches sends them: 3 of 10 members, taking new ones. */
export function staffCoach(coachId: string, firstName: string, extra: Partial<StaffCoach> = {}): StaffCoach {
  return {
    coachId,
    firstName,
    lastName: 'Reyes',
    nickname: '',
    avatarUrl: `/media/coaches/${coachId}.svg`,
    oneLiner: `${firstName} helps with routines.`,
    tags: 'Time management, Warm',
    timezone: 'America/Chicago',
    description: `${firstName} has coached for years.`,
    introVideoUrl: '',
    captionsUrl: '',
    active: true,
    capacity: 10,
    assigned: 3,
    ...extra,
  };
}

/** serveAs answers the profile for who, plus the routes given. */
export function serveAs(who: MeResponse, answers: Record<string, Answer> = {}) {
  return mockServer({ 'GET /api/user/me': json(200, who), ...answers });
}

/**
 * installDialogStandIn gives jsdom's <dialog> the showModal and close it lacks: they open and
 * close it, and close fires the close event, as a browser's does.
 */
export function installDialogStandIn(): void {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { showModal?: () => void; close?: () => void };
  if (typeof proto.showModal !== 'function') {
    proto.showModal = function showModal(this: HTMLDialogElement) {
      this.open = true;
    };
  }
  if (typeof proto.close !== 'function') {
    proto.close = function close(this: HTMLDialogElement) {
      if (!this.open) return;
      this.open = false;
      this.dispatchEvent(new Event('close'));
    };
  }
}
