import { apiPaths, type GlobalSearchResult, globalSearchResponseSchema } from '@atende/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Shorter queries are not sent (the server refuses them too). */
export const MIN_QUERY_LENGTH = 2;

export async function globalSearch(q: string, signal?: AbortSignal): Promise<GlobalSearchResult> {
  const response = await apiRequest(apiPaths.search(), {
    query: { q, limit: 5 },
    schema: globalSearchResponseSchema,
    signal,
  });
  return response.data;
}

/** The palette's results; the previous ones stay shown while the next query runs. */
export function useGlobalSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['search', query],
    queryFn: ({ signal }) => globalSearch(query, signal),
    enabled: query.length >= MIN_QUERY_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
