import { apiPaths, type WebhookDelivery, webhookDeliveryResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui';
import { apiRequest } from '@/lib/api-client';
import { getWebhookDeliveriesQueryOptions } from './get-webhook-deliveries';

export interface ResendInput {
  endpointId: string;
  deliveryId: string;
}

/** "Reenviar": the same delivery (same `webhook-id`) queued for one more attempt now. */
export async function resendWebhookDelivery({
  endpointId,
  deliveryId,
}: ResendInput): Promise<WebhookDelivery> {
  const response = await apiRequest(apiPaths.webhookDeliveryResend(endpointId, deliveryId), {
    method: 'POST',
    schema: webhookDeliveryResponseSchema,
  });
  return response.data;
}

export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWebhookDelivery,
    onSuccess: (delivery, { endpointId }) => {
      toast.success('Reenvio agendado');
      const { queryKey } = getWebhookDeliveriesQueryOptions(endpointId);
      queryClient.setQueryData(queryKey, (list) =>
        list?.map((item) => (item.id === delivery.id ? delivery : item)),
      );
      return queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => toast.error('Erro ao reenviar', error.message),
  });
}
