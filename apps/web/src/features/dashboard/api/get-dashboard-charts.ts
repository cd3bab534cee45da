import { analyticsResponseSchema, apiPaths, type DashboardCharts } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/** The four dashboard series come with `/analytics`; their windows are fixed (docs/metrics.md). */
export async function getDashboardCharts(signal?: AbortSignal): Promise<DashboardCharts> {
  const response = await apiRequest(apiPaths.analytics(), { schema: analyticsResponseSchema, signal });
  return response.data.charts;
}

export const getDashboardChartsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.charts(),
    queryFn: ({ signal }) => getDashboardCharts(signal),
  });

export function useDashboardCharts() {
  return useQuery(getDashboardChartsQueryOptions());
}
