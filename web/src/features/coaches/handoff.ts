import { postToApp } from '@/lib/native-bridge';

// Where a member goes once they have chosen a coach (spec §4). Inside the native app, the app takes
// over; on an iPhone, the App Store page; anywhere else, the download page, which shows the App
// Store link and a QR code to open it on an iPhone. A failed save changes only what the app is
// told: the member moves on either way, and the coach can be chosen again in the app.

export type Handoff = { kind: 'app' } | { kind: 'store'; url: string } | { kind: 'download' };

/** isIPhone tells an iPhone (or iPod touch) by its user agent. iPads are not the app's devices. */
export function isIPhone(userAgent: string): boolean {
  return /\b(iPhone|iPod)\b/.test(userAgent);
}

interface HandoffContext {
  coachId: string;
  saved: boolean;
  appStoreUrl: string;
  userAgent: string;
}

/** handOff tells the native app about the choice, when inside it, and says where the page goes next. */
export function handOff({ coachId, saved, appStoreUrl, userAgent }: HandoffContext): Handoff {
  if (postToApp({ type: 'coach-chosen', coachId, saved })) return { kind: 'app' };
  if (isIPhone(userAgent) && appStoreUrl) return { kind: 'store', url: appStoreUrl };
  return { kind: 'download' };
}
