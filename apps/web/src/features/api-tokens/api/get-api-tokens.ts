import { type ApiToken, apiPaths, apiTokensResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiTokenKeys } from './query-keys';

/** Admin only: every token ever created, newest first (revoked ones too, marked), never the token itself. */
export async function getApiTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  const response = await apiRequest(apiPaths.apiTokens(), { schema: apiTokensResponseSchema, signal });
  return response.data;
}

export const getApiTokensQueryOptions = () =>
  queryOptions({
    queryKey: apiTokenKeys.list(),
    queryFn: ({ signal }) => getApiTokens(signal),
    // "Último uso" moves while integrations call the API.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export function useApiTokens() {
  return useQuery(getApiTokensQueryOptions());
}
