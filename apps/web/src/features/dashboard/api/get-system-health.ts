import { apiPaths, type SystemHealth, systemHealthResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

export async function getSystemHealth(signal?: AbortSignal): Promise<SystemHealth> {
  const response = await apiRequest(apiPaths.dashboardHealth(), {
    schema: systemHealthResponseSchema,
    signal,
  });
  return response.data;
}

export const getSystemHealthQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.health(),
    queryFn: ({ signal }) => getSystemHealth(signal),
  });

export function useSystemHealth() {
  return useQuery(getSystemHealthQueryOptions());
}
