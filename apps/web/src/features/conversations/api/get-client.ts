import { apiPaths, type Client, clientsResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /clients (a map keyed by client id), narrowed to one id so the map stays small. */
export async function getClient(clientId: string, signal?: AbortSignal): Promise<Client | null> {
  const response = await apiRequest(apiPaths.clients(), {
    query: { ids: clientId },
    schema: clientsResponseSchema,
    signal,
  });
  return response.data[clientId] ?? null;
}

export function getClientQueryOptions(clientId: string) {
  return queryOptions({
    queryKey: ['clients', clientId],
    queryFn: ({ signal }) => getClient(clientId, signal),
    staleTime: 60_000,
  });
}

export function useClient(clientId: string | null) {
  return useQuery({ ...getClientQueryOptions(clientId ?? ''), enabled: Boolean(clientId) });
}
