import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

// GET /api/staff/members?q=&after=: members by name or email, newest first, 25 a page. after is
// the previous page's next; next is null on the last page. The server records every search in the
// audit log.

export type StaffMemberRow = components['schemas']['StaffMemberRow'];
export type StaffMembers = components['schemas']['StaffMembers'];

export interface MemberSearch {
  /** q is the name or email searched for; "" lists everyone. */
  q: string;
  /** after is the cursor of the page to show; "" for the first. */
  after: string;
}

export function searchMembers({ q, after }: MemberSearch, signal?: AbortSignal): Promise<StaffMembers> {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (after) params.set('after', after);
  const query = params.toString();
  return apiClient.get<StaffMembers>(`staff/members${query ? `?${query}` : ''}`, { signal });
}

/** membersQueryKey is the key of every members list: a change to a member invalidates them all. */
export const membersQueryKey = ['staff', 'members'] as const;

export function membersQueryOptions(search: MemberSearch) {
  return queryOptions({
    queryKey: [...membersQueryKey, search] as const,
    queryFn: ({ signal }) => searchMembers(search, signal),
    // The list being read stays on screen while the next page or search loads, so the table
    // doesn't collapse and jump back.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useMembers(search: MemberSearch) {
  return useQuery(membersQueryOptions(search));
}
