import type { components } from '@/lib/api-schema';
import { apiClient, isHttpStatus } from '@/lib/api-client';
import { forgetSignedIn, mayBeSignedIn, rememberSignedIn } from '@/lib/session';
import { useAfterFirstPaint } from '@/lib/after-next-paint';
import { initialDataUpdatedAt, takeInitialData } from '@/lib/initial-data';
import { useResource, type ResourceSpec } from '@/lib/resource';

// GET /api/user/me: the signed-in member's profile (spec §7). The same call serves the web
// session cookie and the native shell's bearer token. Its types come from the OpenAPI document.

export type Me = components['schemas']['Me'];
export type Role = Me['role'];
export type MeResponse = components['schemas']['MeResponse'];

/** MalformedMeError is an answer without a usable userId: the profile can't be trusted. */
export class MalformedMeError extends Error {
  constructor() {
    super('The profile answer has no userId');
    this.name = 'MalformedMeError';
  }
}

// Only the userId is checked: it is what the guard relies on, and the other fields are shown as
// text, where an odd value does no harm.
function hasUserId(body: unknown): body is MeResponse {
  if (typeof body !== 'object' || body === null || !('me' in body)) return false;
  const { me } = body;
  if (typeof me !== 'object' || me === null || !('userId' in me)) return false;
  return typeof me.userId === 'string' && me.userId !== '';
}

/** isUnauthorized tells whether an error means "not signed in" (401) rather than a failure. */
export function isUnauthorized(error: unknown): boolean {
  return isHttpStatus(error, 401);
}

/**
 * getMe fetches the profile. It keeps the "may be signed in" hint in step with the answer, so the
 * home page knows next time whether asking is worth it.
 */
export async function getMe(): Promise<MeResponse> {
  let body: unknown;
  try {
    body = await apiClient.get<unknown>('user/me');
  } catch (error) {
    if (isUnauthorized(error)) forgetSignedIn();
    throw error;
  }
  if (!hasUserId(body)) throw new MalformedMeError();
  rememberSignedIn();
  return body;
}

/** initialMe is the profile the page arrived with (see initial-data), if it is a usable one. */
function initialMe(): MeResponse | undefined {
  const body = takeInitialData('me');
  return hasUserId(body) ? body : undefined;
}

/**
 * meResource is the profile, fresh for 10 s (spec §9). The first read takes the profile the page
 * arrived with, when it has one.
 */
export const meResource: ResourceSpec<MeResponse> = {
  load: getMe,
  staleTime: 10_000,
  initial: initialMe,
  initialAt: initialDataUpdatedAt,
};

/** useMe reads the profile; pass enabled: false to read only what is already known. */
export function useMe({ enabled = true }: { enabled?: boolean } = {}) {
  return useResource(meResource, { enabled });
}

/**
 * useSignedInMember is for pages that work without sign-in (the home page, the top bar): it asks
 * for the profile only after the first paint, and only when the member may be signed in, so a
 * first-time visitor sends no request that could only be refused. It returns the member, or
 * undefined when not signed in (quietly: a 401 here is an ordinary answer, not an error).
 */
export function useSignedInMember({ active = true }: { active?: boolean } = {}): Me | undefined {
  const painted = useAfterFirstPaint();
  const query = useMe({ enabled: active && painted && mayBeSignedIn() });
  if (isUnauthorized(query.error)) return undefined;
  return query.data?.me;
}
