import { apiPaths, type WhatsappStatus, whatsappStatusResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui';
import { apiRequest } from '@/lib/api-client';
import { getWhatsappStatusQueryOptions } from './get-whatsapp-status';

export const PAIR_ERROR = 'Erro ao parear o simulador';

/** Simulator channel only: completes pairing with the code that the QR encodes. */
export async function pairSimulator(code: string): Promise<WhatsappStatus> {
  const response = await apiRequest(apiPaths.simulatorPair(), {
    method: 'POST',
    body: { code },
    schema: whatsappStatusResponseSchema,
  });
  return response.data;
}

export function usePairSimulator() {
  const queryClient = useQueryClient();
  const { queryKey } = getWhatsappStatusQueryOptions();
  return useMutation({
    mutationFn: pairSimulator,
    onSuccess: (status) => queryClient.setQueryData(queryKey, status),
    onError: (error) => {
      toast.error(PAIR_ERROR, error.message);
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
