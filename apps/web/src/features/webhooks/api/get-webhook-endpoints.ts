import { apiPaths, type WebhookEndpoint, webhookEndpointsResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { webhookKeys } from './query-keys';

/** Admin only: every outbound webhook endpoint, oldest first (their secrets never come back). */
export async function getWebhookEndpoints(signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  const response = await apiRequest(apiPaths.webhooks(), {
    schema: webhookEndpointsResponseSchema,
    signal,
  });
  return response.data;
}

export const getWebhookEndpointsQueryOptions = () =>
  queryOptions({
    queryKey: webhookKeys.list(),
    queryFn: ({ signal }) => getWebhookEndpoints(signal),
    // The last delivery's state changes as events flow: a minute is fresh enough for a settings card.
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export function useWebhookEndpoints() {
  return useQuery(getWebhookEndpointsQueryOptions());
}
