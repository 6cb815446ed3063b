import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';
import { asRefused } from './refused';

// PUT /api/chat/me_switch_coach (spec §7): makes coachId the member's coach. The call is idempotent
// (choosing one's coach again changes nothing), so the HTTP client may repeat it. A refusal (409)
// is thrown as a RefusedError with the server's reason.

type SwitchCoachRequest = components['schemas']['SwitchCoachRequest'];
type SwitchCoachResponse = components['schemas']['SwitchCoachResponse'];

export async function chooseCoach(coachId: string): Promise<SwitchCoachResponse> {
  const body: SwitchCoachRequest = { coachId };
  try {
    return await apiClient.put<SwitchCoachResponse>('chat/me_switch_coach', { json: body });
  } catch (error) {
    throw await asRefused(error);
  }
}
