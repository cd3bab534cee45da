import {
  apiPaths,
  type Inbox,
  inboxesResponseSchema,
  inboxResponseSchema,
  type WhatsappCloudConfigView,
  whatsappCloudConfigResponseSchema,
} from '@atende/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui';
import { apiRequest } from '@/lib/api-client';
import { metaAppKinds } from '../../registry';

export const whatsappCloudQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'whatsapp-cloud'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest(apiPaths.whatsappCloud(), { schema: whatsappCloudConfigResponseSchema, signal }))
        .data,
  });

export function useWhatsappCloudSettings() {
  return useQuery(whatsappCloudQueryOptions());
}

/** The Cloud API inboxes (numbers) and their states, for the settings page's summary. */
export const cloudInboxesQueryOptions = () =>
  queryOptions({
    queryKey: ['whatsapp-cloud', 'inboxes'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest(apiPaths.inboxes(), { schema: inboxesResponseSchema, signal })).data.filter((inbox) =>
        metaAppKinds.includes(inbox.kind),
      ),
  });

export function useCloudInboxes() {
  return useQuery(cloudInboxesQueryOptions());
}

/**
 * POSTs a partial body (secrets only when changed), then checks every Cloud API number again
 * (`/inboxes/:id/reconnect`): a new Graph address or version applies to all of them.
 */
export function useSaveWhatsappCloud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      body: Record<string, unknown>,
    ): Promise<{ view: WhatsappCloudConfigView; inboxes: Inbox[] }> => {
      const view = (
        await apiRequest(apiPaths.whatsappCloud(), {
          method: 'POST',
          body,
          schema: whatsappCloudConfigResponseSchema,
        })
      ).data;
      const numbers = await queryClient.fetchQuery(cloudInboxesQueryOptions());
      const inboxes = await Promise.all(
        numbers.map(
          async (inbox) =>
            (
              await apiRequest(apiPaths.inboxReconnect(inbox.id), {
                method: 'POST',
                schema: inboxResponseSchema,
              })
            ).data,
        ),
      );
      return { view, inboxes };
    },
    onSuccess: ({ view, inboxes }) => {
      queryClient.setQueryData(whatsappCloudQueryOptions().queryKey, view);
      queryClient.setQueryData(cloudInboxesQueryOptions().queryKey, inboxes);
      const down = inboxes.filter((inbox) => !inbox.status.connected).length;
      if (down === 0) toast.success('Configurações salvas');
      else toast.warning('Configurações salvas', `${down} número(s) da Cloud API continuam desconectados.`);
    },
    onError: (error) => toast.error('Erro ao salvar configurações', error.message),
  });
}
