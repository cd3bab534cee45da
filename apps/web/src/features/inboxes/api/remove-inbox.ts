import { ackEnvelopeSchema, apiPaths } from '@atende/contracts';
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui';
import { apiRequest } from '@/lib/api-client';
import { useRefreshInboxes } from './inbox-cache';

export const REMOVE_ERROR = 'Erro ao remover a caixa de entrada';

/** Admin only: the channel stops; its conversations stay readable. */
export async function removeInbox(id: string): Promise<void> {
  await apiRequest(apiPaths.inbox(id), { method: 'DELETE', schema: ackEnvelopeSchema });
}

export function useRemoveInbox() {
  const refresh = useRefreshInboxes();
  return useMutation({
    mutationFn: removeInbox,
    onSuccess: () => {
      toast.success('Caixa de entrada removida');
      return refresh();
    },
    onError: (error) => toast.error(REMOVE_ERROR, error.message),
  });
}
