import { apiPaths, type WebhookDelivery, webhookDeliveriesResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { webhookKeys } from './query-keys';

/** Lines the log shows: the server keeps 30 days, the screen the latest ones. */
export const DELIVERY_LOG_LIMIT = 50;
/** While something is queued or being retried, the log follows it. */
const PENDING_REFRESH_MS = 3_000;

/** An endpoint's delivery log, newest first. */
export async function getWebhookDeliveries(
  endpointId: string,
  signal?: AbortSignal,
): Promise<WebhookDelivery[]> {
  const response = await apiRequest(apiPaths.webhookDeliveries(endpointId), {
    query: { limit: DELIVERY_LOG_LIMIT },
    schema: webhookDeliveriesResponseSchema,
    signal,
  });
  return response.data;
}

export const getWebhookDeliveriesQueryOptions = (endpointId: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: ({ signal }) => getWebhookDeliveries(endpointId, signal),
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false,
  });

export function useWebhookDeliveries(endpointId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getWebhookDeliveriesQueryOptions(endpointId), enabled });
}
