import { apiPaths, cannedRepliesResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The team's canned replies: the composer's `/` picker and the canned replies tab share them. */
export const cannedRepliesKey = ['canned-replies'] as const;

export const cannedRepliesQueryOptions = () =>
  queryOptions({
    queryKey: cannedRepliesKey,
    queryFn: async ({ signal }) =>
      (await apiRequest(apiPaths.cannedReplies(), { schema: cannedRepliesResponseSchema, signal })).data,
  });

export function useCannedReplies() {
  return useQuery(cannedRepliesQueryOptions());
}
