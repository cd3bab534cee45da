import {
  type AnalyticsReport,
  analyticsReportResponseSchema,
  apiPaths,
  type ReportFilters,
} from '@atende/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { DateRange } from '@/lib/date-range';

export async function getAnalyticsReport(
  range: DateRange,
  filters: ReportFilters,
  signal?: AbortSignal,
): Promise<AnalyticsReport> {
  const response = await apiRequest(apiPaths.analyticsReport(), {
    query: { from: range.from, to: range.to, ...filters },
    schema: analyticsReportResponseSchema,
    signal,
  });
  return response.data;
}

export const analyticsReportKey = ['analytics', 'report'] as const;

export function getAnalyticsReportQueryOptions(range: DateRange, filters: ReportFilters) {
  return queryOptions({
    queryKey: [...analyticsReportKey, range.from, range.to, filters],
    queryFn: ({ signal }) => getAnalyticsReport(range, filters, signal),
    // Switching ranges keeps the last figures on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useAnalyticsReport(range: DateRange, filters: ReportFilters) {
  return useQuery(getAnalyticsReportQueryOptions(range, filters));
}
