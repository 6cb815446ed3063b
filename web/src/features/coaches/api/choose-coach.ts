import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

// PUT /api/chat/me_switch_coach (spec §7): makes coachId the member's coach. The call is idempotent
// (choosing one's coach again changes nothing), so the HTTP client may repeat it.

type SwitchCoachRequest = components['schemas']['SwitchCoachRequest'];
type SwitchCoachResponse = components['schemas']['SwitchCoachResponse'];

export function chooseCoach(coachId: string): Promise<SwitchCoachResponse> {
  const body: SwitchCoachRequest = { coachId };
  return apiClient.put<SwitchCoachResponse>('chat/me_switch_coach', { json: body });
}
