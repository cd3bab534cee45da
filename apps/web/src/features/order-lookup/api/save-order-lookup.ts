import {
  apiPaths,
  type OrderLookupInput,
  type OrderLookupView,
  orderLookupResponseSchema,
} from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { getOrderLookupQueryOptions } from './get-order-lookup';

/** The whole configuration; a header sent back masked keeps its stored value. */
export async function saveOrderLookup(body: OrderLookupInput): Promise<OrderLookupView> {
  const response = await apiRequest(apiPaths.orderLookup(), {
    method: 'PUT',
    body,
    schema: orderLookupResponseSchema,
  });
  return response.data;
}

/** Errors are the caller's to show (the form's fields, or a toast for the on/off switch). */
export function useSaveOrderLookup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrderLookup,
    onSuccess: (view) => queryClient.setQueryData(getOrderLookupQueryOptions().queryKey, view),
  });
}
