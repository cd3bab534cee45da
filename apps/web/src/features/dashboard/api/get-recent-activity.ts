import { type Activity, activityResponseSchema, apiPaths, LIMITS } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

export async function getRecentActivity(signal?: AbortSignal): Promise<Activity[]> {
  const response = await apiRequest(apiPaths.dashboardActivity(), { schema: activityResponseSchema, signal });
  return response.data.slice(0, LIMITS.recentActivities);
}

export const getRecentActivityQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.activity(),
    queryFn: ({ signal }) => getRecentActivity(signal),
  });

export function useRecentActivity() {
  return useQuery(getRecentActivityQueryOptions());
}
