import { apiPaths, type ChannelKindInfo, channelKindsResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { inboxKeys } from './query-keys';

/** Admin only: the channel kinds this server can run, each with its settings form. */
export async function getInboxKinds(signal?: AbortSignal): Promise<ChannelKindInfo[]> {
  const response = await apiRequest(apiPaths.inboxKinds(), { schema: channelKindsResponseSchema, signal });
  return response.data;
}

export const getInboxKindsQueryOptions = () =>
  queryOptions({
    queryKey: inboxKeys.kinds(),
    queryFn: ({ signal }) => getInboxKinds(signal),
    staleTime: 5 * 60_000,
  });

export function useInboxKinds({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getInboxKindsQueryOptions(), enabled });
}
