import { labelsResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The team's labels (read-only here); the same cache key as the settings screen and the inbox. */
export function useLabels() {
  return useQuery(
    queryOptions({
      queryKey: ['labels'] as const,
      queryFn: async ({ signal }) =>
        (await apiRequest('/labels', { schema: labelsResponseSchema, signal })).data,
      staleTime: 60_000,
    }),
  );
}
