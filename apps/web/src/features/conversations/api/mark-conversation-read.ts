import { ackEnvelopeSchema, apiPaths } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { attentionKey } from '@/lib/api/get-attention';
import { apiRequest } from '@/lib/api-client';
import { patchConversation } from '../realtime/cache-updates';

/** POST /conversations/{id}/read: I have seen its messages (the row loses its bold and badge). */
export async function markConversationRead(conversationId: string): Promise<void> {
  await apiRequest(apiPaths.conversationRead(conversationId), {
    method: 'POST',
    schema: ackEnvelopeSchema,
  });
}

export function useMarkConversationRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onMutate: (conversationId) => {
      patchConversation(qc, conversationId, (row) => (row.unreadCount ? { ...row, unreadCount: 0 } : row));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: attentionKey }),
  });
}
