import { apiPaths, type WhatsappStatus, whatsappStatusResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui';
import { apiRequest } from '@/lib/api-client';
import { getWhatsappStatusQueryOptions } from './get-whatsapp-status';

export const RECONNECT_ERROR = 'Erro ao reconectar WhatsApp';

export async function reconnectWhatsapp(): Promise<WhatsappStatus> {
  const response = await apiRequest(apiPaths.reconnectWhatsapp(), {
    method: 'POST',
    schema: whatsappStatusResponseSchema,
  });
  return response.data;
}

export function useReconnectWhatsapp() {
  const queryClient = useQueryClient();
  const { queryKey } = getWhatsappStatusQueryOptions();
  return useMutation({
    mutationFn: reconnectWhatsapp,
    onSuccess: (status) => queryClient.setQueryData(queryKey, status),
    onError: (error) => {
      toast.error(RECONNECT_ERROR, error.message);
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
