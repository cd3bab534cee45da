import {
  analyticsResponseSchema,
  apiPaths,
  type DashboardCharts,
  type ReportFilters,
} from '@atende/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useReportFilters } from '@/lib/use-report-filters';
import { dashboardKeys } from './query-keys';

/**
 * The four dashboard series come with `/analytics` (the shortest period: its totals are not shown);
 * their windows are fixed (docs/metrics.md).
 */
export async function getDashboardCharts(
  filters: ReportFilters,
  signal?: AbortSignal,
): Promise<DashboardCharts> {
  const response = await apiRequest(apiPaths.analytics(), {
    query: { period: '24h', ...filters },
    schema: analyticsResponseSchema,
    signal,
  });
  return response.data.charts;
}

export const getDashboardChartsQueryOptions = (filters: ReportFilters = {}) =>
  queryOptions({
    queryKey: dashboardKeys.charts(filters),
    queryFn: ({ signal }) => getDashboardCharts(filters, signal),
    placeholderData: keepPreviousData,
  });

/** The charts with the page's filters (inbox, person, label: in the URL). */
export function useDashboardCharts() {
  const [filters] = useReportFilters();
  return useQuery(getDashboardChartsQueryOptions(filters));
}
