import { ackEnvelopeSchema, apiPaths } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui';
import { apiRequest } from '@/lib/api-client';
import { getWebhookEndpointsQueryOptions } from './get-webhook-endpoints';
import { webhookKeys } from './query-keys';

/** The endpoint and its delivery log go; deliveries still queued are never posted. */
export async function deleteWebhookEndpoint(id: string): Promise<void> {
  await apiRequest(apiPaths.webhook(id), {
    method: 'DELETE',
    schema: ackEnvelopeSchema,
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhookEndpoint,
    onSuccess: (_done, id) => {
      toast.success('Webhook excluído');
      queryClient.removeQueries({ queryKey: webhookKeys.deliveries(id) });
      const { queryKey } = getWebhookEndpointsQueryOptions();
      queryClient.setQueryData(queryKey, (list) => list?.filter((item) => item.id !== id));
      return queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => toast.error('Erro ao excluir o webhook', error.message),
  });
}
