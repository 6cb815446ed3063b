import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, isHttpStatus } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';
import { androidWaitlistQueryKey, type AndroidWaitlistStatus } from './get-android-waitlist';

// PUT /api/user/me/android-waitlist: the member joins the waitlist with an address and their
// consent, or changes the address. The server checks both and answers the member's place; a
// refusal (400) says what to fix, and nothing is stored.

export type AndroidWaitlistJoin = components['schemas']['AndroidWaitlistJoin'];

/** WaitlistField is a field of the join form the server may ask to fix. */
export type WaitlistField = 'email' | 'consent';

/**
 * WaitlistRefusedError is a 400: the server refused the address or the consent, with its reason
 * for each field in words a member can act on. Sending the same again won't help.
 */
export class WaitlistRefusedError extends Error {
  readonly detail: string;
  readonly fields: Partial<Record<WaitlistField, string>>;

  constructor(detail: string, fields: Partial<Record<WaitlistField, string>>) {
    super('The waitlist request was refused');
    this.name = 'WaitlistRefusedError';
    this.detail = detail;
    this.fields = fields;
  }
}

/** refusalOf reads a 400's problem: its detail, and the first message for each known field. */
async function refusalOf(response: Response): Promise<WaitlistRefusedError> {
  const problem: unknown = await response.json().catch(() => ({}));
  const record = typeof problem === 'object' && problem !== null ? (problem as Record<string, unknown>) : {};
  const fields: Partial<Record<WaitlistField, string>> = {};
  if (Array.isArray(record.errors)) {
    for (const entry of record.errors as unknown[]) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { field, message } = entry as Record<string, unknown>;
      if ((field === 'email' || field === 'consent') && typeof message === 'string') fields[field] ??= message;
    }
  }
  return new WaitlistRefusedError(typeof record.detail === 'string' ? record.detail : '', fields);
}

export async function joinAndroidWaitlist(body: AndroidWaitlistJoin): Promise<AndroidWaitlistStatus> {
  try {
    return await apiClient.put<AndroidWaitlistStatus>('user/me/android-waitlist', { json: body });
  } catch (error) {
    if (isHttpStatus(error, 400)) throw await refusalOf(error.response);
    throw error;
  }
}

/** useJoinAndroidWaitlist joins, and keeps the member's place as the server answered it. */
export function useJoinAndroidWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinAndroidWaitlist,
    onSuccess: (status) => queryClient.setQueryData(androidWaitlistQueryKey, status),
  });
}
