import { apiClient } from '@/lib/api-client';

// PUT /api/chat/me_switch_coach (spec §7): makes coachId the member's coach. The call is idempotent
// (choosing one's coach again changes nothing), so the HTTP client may repeat it.

export function chooseCoach(coachId: string): Promise<unknown> {
  return apiClient.put<unknown>('chat/me_switch_coach', { json: { coachId } });
}
