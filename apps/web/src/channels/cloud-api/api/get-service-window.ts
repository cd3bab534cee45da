import { apiPaths, type ServiceWindow, serviceWindowResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /conversations/{id}/window → whether free text may be sent (WhatsApp's 24-hour window). */
export async function getServiceWindow(conversationId: string, signal?: AbortSignal): Promise<ServiceWindow> {
  const response = await apiRequest(apiPaths.conversationWindow(conversationId), {
    schema: serviceWindowResponseSchema,
    signal,
  });
  return response.data;
}

export const serviceWindowQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: ['conversations', conversationId, 'service-window'] as const,
    queryFn: ({ signal }) => getServiceWindow(conversationId, signal),
    staleTime: 60_000,
  });

export function useServiceWindow(conversationId: string) {
  return useQuery(serviceWindowQueryOptions(conversationId));
}
