import { apiPaths, type DashboardStats, dashboardStatsResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

export async function getDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  const response = await apiRequest(apiPaths.dashboardStats(), {
    schema: dashboardStatsResponseSchema,
    signal,
  });
  return response.data;
}

export const getDashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.stats(),
    queryFn: ({ signal }) => getDashboardStats(signal),
  });

export function useDashboardStats() {
  return useQuery(getDashboardStatsQueryOptions());
}
