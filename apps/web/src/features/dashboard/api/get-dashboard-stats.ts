import {
  apiPaths,
  type DashboardStats,
  dashboardStatsResponseSchema,
  type ReportFilters,
} from '@atende/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useReportFilters } from '@/lib/use-report-filters';
import { dashboardKeys } from './query-keys';

export async function getDashboardStats(
  filters: ReportFilters,
  signal?: AbortSignal,
): Promise<DashboardStats> {
  const response = await apiRequest(apiPaths.dashboardStats(), {
    query: { ...filters },
    schema: dashboardStatsResponseSchema,
    signal,
  });
  return response.data;
}

export const getDashboardStatsQueryOptions = (filters: ReportFilters = {}) =>
  queryOptions({
    queryKey: dashboardKeys.stats(filters),
    queryFn: ({ signal }) => getDashboardStats(filters, signal),
    // A new filter keeps the last figures on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

/** The cards' figures with the page's filters (inbox, person, label: in the URL). */
export function useDashboardStats() {
  const [filters] = useReportFilters();
  return useQuery(getDashboardStatsQueryOptions(filters));
}
