import {
  type WhatsappCloudConfigView,
  type WhatsappStatus,
  whatsappCloudConfigResponseSchema,
  whatsappStatusResponseSchema,
} from '@atende/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui';
import { apiRequest } from '@/lib/api-client';

export const whatsappCloudQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'whatsapp-cloud'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest('/whatsapp-cloud', { schema: whatsappCloudConfigResponseSchema, signal })).data,
  });

export function useWhatsappCloudSettings() {
  return useQuery(whatsappCloudQueryOptions());
}

export const channelStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['whatsapp-cloud', 'status'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest('/whatsapp/status', { schema: whatsappStatusResponseSchema, signal })).data,
  });

export function useChannelStatus() {
  return useQuery(channelStatusQueryOptions());
}

/**
 * POSTs a partial body (secrets only when changed), then runs the token + number check again
 * (`/reconnect-whatsapp`) so the answer says at once whether the new settings work.
 */
export function useSaveWhatsappCloud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      body: Record<string, unknown>,
    ): Promise<{ view: WhatsappCloudConfigView; status: WhatsappStatus }> => {
      const view = (
        await apiRequest('/whatsapp-cloud', {
          method: 'POST',
          body,
          schema: whatsappCloudConfigResponseSchema,
        })
      ).data;
      const status = (
        await apiRequest('/reconnect-whatsapp', { method: 'POST', schema: whatsappStatusResponseSchema })
      ).data;
      return { view, status };
    },
    onSuccess: ({ view, status }) => {
      queryClient.setQueryData(whatsappCloudQueryOptions().queryKey, view);
      queryClient.setQueryData(channelStatusQueryOptions().queryKey, status);
      if (status.connected)
        toast.success('Configurações salvas', `WhatsApp conectado (${status.phone ?? ''}).`);
      else toast.warning('Configurações salvas', status.reason ?? 'O WhatsApp continua desconectado.');
    },
    onError: (error) => toast.error('Erro ao salvar configurações', error.message),
  });
}
