import { apiPaths, webhookEndpointWithSecretResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { EndpointWithSecret } from './create-webhook-endpoint';
import { getWebhookEndpointsQueryOptions } from './get-webhook-endpoints';

/** A new `whsec_…` at once: the previous secret stops signing from now on. */
export async function rotateWebhookSecret(id: string): Promise<EndpointWithSecret> {
  const response = await apiRequest(apiPaths.webhookRotateSecret(id), {
    method: 'POST',
    schema: webhookEndpointWithSecretResponseSchema,
  });
  return response.data;
}

export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getWebhookEndpointsQueryOptions().queryKey }),
  });
}
