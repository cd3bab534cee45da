import { apiPaths, labelsResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The team's labels: the inbox's filters and chips, the client pages and the labels tab share them. */
export const labelsKey = ['labels'] as const;

export const labelsQueryOptions = () =>
  queryOptions({
    queryKey: labelsKey,
    queryFn: async ({ signal }) =>
      (await apiRequest(apiPaths.labels(), { schema: labelsResponseSchema, signal })).data,
  });

export function useLabels() {
  return useQuery(labelsQueryOptions());
}
