import { apiPaths, type Inbox, inboxResponseSchema } from '@atende/contracts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui';
import { apiRequest } from '@/lib/api-client';
import { useRefreshInboxes } from './inbox-cache';

export const DISCONNECT_INBOX_ERROR = 'Erro ao desconectar o número';

/** Admin only: unlinks the number (it leaves the phone's linked devices); a new QR code shows. */
export async function disconnectInbox(id: string): Promise<Inbox> {
  const response = await apiRequest(apiPaths.inboxDisconnect(id), {
    method: 'POST',
    schema: inboxResponseSchema,
  });
  return response.data;
}

export function useDisconnectInbox() {
  const refresh = useRefreshInboxes();
  return useMutation({
    mutationFn: disconnectInbox,
    onSuccess: (inbox) => refresh(inbox),
    onError: (error) => {
      toast.error(DISCONNECT_INBOX_ERROR, error.message);
      void refresh();
    },
  });
}
