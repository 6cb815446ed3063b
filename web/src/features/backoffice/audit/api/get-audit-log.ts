import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { components } from '@/lib/api-schema';

// GET /api/staff/audit?memberId=&staffId=&before=: who on staff read or changed what, newest first,
// AUDIT_PAGE_SIZE entries at a time. The next page starts before the last entry's id; a page
// shorter than a full one is the last. Admins only.

export type AuditLog = components['schemas']['AuditLog'];
export type AuditEntry = AuditLog['entries'][number];

/** AUDIT_PAGE_SIZE is how many entries the server sends at most at once. */
export const AUDIT_PAGE_SIZE = 100;

/** AuditFilters narrows the log to one member, one staff user, or both; "" means any. */
export interface AuditFilters {
  memberId: string;
  staffId: string;
}

export async function getAuditLog(filters: AuditFilters, before: number | undefined, signal?: AbortSignal): Promise<AuditLog> {
  const query = new URLSearchParams();
  if (filters.memberId) query.set('memberId', filters.memberId);
  if (filters.staffId) query.set('staffId', filters.staffId);
  if (before !== undefined) query.set('before', String(before));
  const search = query.toString();
  return apiClient.get<AuditLog>(search ? `staff/audit?${search}` : 'staff/audit', { signal });
}

export function auditLogQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: ['staff', 'audit', filters.memberId, filters.staffId] as const,
    queryFn: ({ pageParam, signal }) => getAuditLog(filters, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.entries.length >= AUDIT_PAGE_SIZE ? last.entries.at(-1)?.id : undefined),
    // The HTTP client already retries what is worth retrying.
    retry: false,
  });
}

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery(auditLogQueryOptions(filters));
}
