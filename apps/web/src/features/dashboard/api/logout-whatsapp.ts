import { apiPaths, type WhatsappStatus, whatsappStatusResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui';
import { apiRequest } from '@/lib/api-client';
import { getWhatsappStatusQueryOptions } from './get-whatsapp-status';

export const LOGOUT_ERROR = 'Erro ao desconectar o WhatsApp';

/** Admin only: unlinks the device (it leaves the phone's list) and a new QR code shows. */
export async function logoutWhatsapp(): Promise<WhatsappStatus> {
  const response = await apiRequest(apiPaths.whatsappLogout(), {
    method: 'POST',
    schema: whatsappStatusResponseSchema,
  });
  return response.data;
}

export function useLogoutWhatsapp() {
  const queryClient = useQueryClient();
  const { queryKey } = getWhatsappStatusQueryOptions();
  return useMutation({
    mutationFn: logoutWhatsapp,
    onSuccess: (status) => queryClient.setQueryData(queryKey, status),
    onError: (error) => {
      toast.error(LOGOUT_ERROR, error.message);
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
