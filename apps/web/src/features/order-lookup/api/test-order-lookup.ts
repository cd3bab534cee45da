import { apiPaths, type OrderLookupResult, orderLookupTestResponseSchema } from '@atende/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface TestOrderLookupInput {
  phone: string;
  order: string;
}

/** "Testar consulta": the saved configuration, run now for this phone and order number. */
export async function testOrderLookup(body: TestOrderLookupInput): Promise<OrderLookupResult> {
  const response = await apiRequest(apiPaths.orderLookupTest(), {
    method: 'POST',
    body,
    schema: orderLookupTestResponseSchema,
  });
  return response.data;
}

export function useTestOrderLookup() {
  return useMutation({ mutationFn: testOrderLookup });
}
