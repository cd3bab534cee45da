import { apiPaths, type Inbox, inboxResponseSchema } from '@atende/contracts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui';
import { apiRequest } from '@/lib/api-client';
import { useRefreshInboxes } from './inbox-cache';

export const RECONNECT_INBOX_ERROR = 'Erro ao reconectar a caixa de entrada';

export async function reconnectInbox(id: string): Promise<Inbox> {
  const response = await apiRequest(apiPaths.inboxReconnect(id), {
    method: 'POST',
    schema: inboxResponseSchema,
  });
  return response.data;
}

export function useReconnectInbox() {
  const refresh = useRefreshInboxes();
  return useMutation({
    mutationFn: reconnectInbox,
    onSuccess: (inbox) => refresh(inbox),
    onError: (error) => {
      toast.error(RECONNECT_INBOX_ERROR, error.message);
      void refresh();
    },
  });
}
