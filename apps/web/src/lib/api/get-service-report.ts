import {
  apiPaths,
  type ReportFilters,
  type ServiceReport,
  serviceReportResponseSchema,
} from '@atende/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { DateRange } from '@/lib/date-range';

/** The service figures (CSAT, automation, times, hand-offs, backlog): the dashboard's and analytics'. */
export const serviceReportKey = ['analytics', 'service'] as const;

export type ServiceGrouping = 'none' | 'inbox' | 'operator';

export function getServiceReportQueryOptions(
  range: DateRange,
  filters: ReportFilters,
  groupBy: ServiceGrouping,
) {
  return queryOptions({
    queryKey: [...serviceReportKey, range.from, range.to, filters, groupBy] as const,
    queryFn: async ({ signal }): Promise<ServiceReport> =>
      (
        await apiRequest(apiPaths.analyticsService(), {
          query: { from: range.from, to: range.to, groupBy, ...filters },
          schema: serviceReportResponseSchema,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // The backlog is "now": it moves while the page is open.
    refetchInterval: 60_000,
  });
}

export function useServiceReport(
  range: DateRange,
  filters: ReportFilters,
  groupBy: ServiceGrouping = 'none',
) {
  return useQuery(getServiceReportQueryOptions(range, filters, groupBy));
}
