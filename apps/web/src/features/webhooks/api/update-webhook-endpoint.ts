import {
  apiPaths,
  type UpdateWebhookEndpointRequest,
  type WebhookEndpoint,
  webhookEndpointResponseSchema,
} from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { getWebhookEndpointsQueryOptions } from './get-webhook-endpoints';

export interface UpdateWebhookEndpointInput {
  id: string;
  changes: UpdateWebhookEndpointRequest;
}

/** Turning an endpoint back on clears why it was off and its failures. */
export async function updateWebhookEndpoint({
  id,
  changes,
}: UpdateWebhookEndpointInput): Promise<WebhookEndpoint> {
  const response = await apiRequest(apiPaths.webhook(id), {
    method: 'PATCH',
    body: changes,
    schema: webhookEndpointResponseSchema,
  });
  return response.data;
}

/** Errors are the caller's to show (the form's fields, or a toast for the on/off switch). */
export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhookEndpoint,
    onSuccess: (endpoint) => {
      const { queryKey } = getWebhookEndpointsQueryOptions();
      queryClient.setQueryData(queryKey, (list) =>
        list?.map((item) =>
          item.id === endpoint.id ? { ...endpoint, lastDelivery: item.lastDelivery } : item,
        ),
      );
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
