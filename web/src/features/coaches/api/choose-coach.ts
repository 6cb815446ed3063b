import { apiClient, isHttpStatus } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

// PUT /api/chat/me_switch_coach (spec §7): makes coachId the member's coach. The call is idempotent
// (choosing one's coach again changes nothing), so the HTTP client may repeat it.

type SwitchCoachRequest = components['schemas']['SwitchCoachRequest'];
type SwitchCoachResponse = components['schemas']['SwitchCoachResponse'];

/**
 * ChoiceRefusedError is a 409: the server refused the choice (the coach has no room, or the
 * member's journey has not reached the coaches). detail is the server's reason, written for the
 * member, or "" when it gave none.
 */
export class ChoiceRefusedError extends Error {
  readonly detail: string;

  constructor(detail: string) {
    super('The coach choice was refused');
    this.detail = detail;
    this.name = 'ChoiceRefusedError';
  }
}

export async function chooseCoach(coachId: string): Promise<SwitchCoachResponse> {
  const body: SwitchCoachRequest = { coachId };
  try {
    return await apiClient.put<SwitchCoachResponse>('chat/me_switch_coach', { json: body });
  } catch (error) {
    if (isHttpStatus(error, 409)) {
      const problem: unknown = await error.response.json().catch(() => ({}));
      const detail = typeof problem === 'object' && problem !== null && 'detail' in problem && typeof problem.detail === 'string' ? problem.detail : '';
      throw new ChoiceRefusedError(detail);
    }
    throw error;
  }
}
