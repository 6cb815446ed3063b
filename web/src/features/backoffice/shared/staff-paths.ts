// The staff app's addresses, in one place, so a link and the route it leads to never disagree.
// They live with the staff app rather than in config/paths.ts, which ships with the member's first
// screen; the route tree in the main bundle knows only the area's pattern (paths.staff).

const root = '/staff';

export const staffPaths = {
  /** members is the staff app's start: the member search. */
  members: root,
  /** member is the pattern of one member's page; build a real path with memberPath. */
  member: `${root}/members/:userId`,
  safety: `${root}/safety`,
  coaches: `${root}/coaches`,
  newCoach: `${root}/coaches/new`,
  /** coach is the pattern of one coach's form; build a real path with coachPath. */
  coach: `${root}/coaches/:coachId`,
  audit: `${root}/audit`,
  accounts: `${root}/accounts`,
  plans: `${root}/plans`,
  /** webhooks are the admins' endpoints for events to the operator's systems; webhook is one's page. */
  webhooks: `${root}/webhooks`,
  webhook: `${root}/webhooks/:endpointId`,
  /** androidWaitlist is the members who asked to hear when the app is on Android (staff and admins). */
  androidWaitlist: `${root}/android-waitlist`,
  /** insights is the sign-up funnel and the campaigns (staff and admins); its filters are in the query. */
  insights: `${root}/insights`,
} as const;

/** memberPath is the address of one member's page. */
export function memberPath(userId: string): string {
  return `${root}/members/${encodeURIComponent(userId)}`;
}

/** webhookPath is the address of one webhook's page. */
export function webhookPath(endpointId: string): string {
  return `${root}/webhooks/${encodeURIComponent(endpointId)}`;
}

/** coachPath is the address of one coach's form. */
export function coachPath(coachId: string): string {
  return `${root}/coaches/${encodeURIComponent(coachId)}`;
}
