import { apiPaths, type OrderLookupView, orderLookupResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { orderLookupKeys } from './query-keys';

/** Admin only: the lookup's configuration; header values come back masked. */
export async function getOrderLookup(signal?: AbortSignal): Promise<OrderLookupView> {
  const response = await apiRequest(apiPaths.orderLookup(), {
    schema: orderLookupResponseSchema,
    signal,
  });
  return response.data;
}

export const getOrderLookupQueryOptions = () =>
  queryOptions({
    queryKey: orderLookupKeys.config(),
    queryFn: ({ signal }) => getOrderLookup(signal),
    staleTime: 5 * 60_000,
  });

export function useOrderLookup() {
  return useQuery(getOrderLookupQueryOptions());
}
