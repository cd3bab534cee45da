import { type AuditAction, type AuditPage, apiPaths, auditResponseSchema } from '@atende/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface AuditFilter {
  action: AuditAction | null;
  /** Local dates `AAAA-MM-DD`, inclusive. */
  from: string | null;
  to: string | null;
}

/** São Paulo midnight of a date as an ISO instant (the server filters `[from, to)`). */
export function dayStartIso(date: string, plusDays = 0): string {
  const at = new Date(`${date}T03:00:00.000Z`);
  at.setUTCDate(at.getUTCDate() + plusDays);
  return at.toISOString();
}

export function auditQuery(filter: AuditFilter): Record<string, string | undefined> {
  return {
    action: filter.action ?? undefined,
    from: filter.from ? dayStartIso(filter.from) : undefined,
    to: filter.to ? dayStartIso(filter.to, 1) : undefined,
  };
}

export async function getAuditLog(
  filter: AuditFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AuditPage> {
  const response = await apiRequest(apiPaths.audit(), {
    query: { ...auditQuery(filter), limit: 50, cursor: cursor ?? undefined },
    schema: auditResponseSchema,
    signal,
  });
  return response.data;
}

export function getAuditLogQueryOptions(filter: AuditFilter) {
  return infiniteQueryOptions({
    queryKey: ['audit', filter.action, filter.from, filter.to],
    queryFn: ({ pageParam, signal }) => getAuditLog(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(filter: AuditFilter) {
  return useInfiniteQuery(getAuditLogQueryOptions(filter));
}
