import { apiPaths, type ClientDetail, clientDetailResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clientsKey } from './get-clients-page';

export async function getClient(id: string, signal?: AbortSignal): Promise<ClientDetail> {
  const response = await apiRequest(apiPaths.client(id), {
    schema: clientDetailResponseSchema,
    signal,
  });
  return response.data;
}

export function getClientQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...clientsKey, 'detail', id],
    queryFn: ({ signal }) => getClient(id, signal),
  });
}

export function useClient(id: string) {
  return useQuery(getClientQueryOptions(id));
}
