import {
  apiPaths,
  type CreateWebhookEndpointRequest,
  type WebhookEndpoint,
  webhookEndpointWithSecretResponseSchema,
} from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { getWebhookEndpointsQueryOptions } from './get-webhook-endpoints';

export interface EndpointWithSecret {
  endpoint: WebhookEndpoint;
  /** `whsec_…`: in this answer only. */
  secret: string;
}

export async function createWebhookEndpoint(body: CreateWebhookEndpointRequest): Promise<EndpointWithSecret> {
  const response = await apiRequest(apiPaths.webhooks(), {
    method: 'POST',
    body,
    schema: webhookEndpointWithSecretResponseSchema,
  });
  return response.data;
}

/** Errors are the form's to show (field by field when the server names them). */
export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhookEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getWebhookEndpointsQueryOptions().queryKey }),
  });
}
