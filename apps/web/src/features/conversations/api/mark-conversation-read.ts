import { ackEnvelopeSchema, apiPaths } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { attentionKey } from '@/lib/api/get-attention';
import { apiRequest } from '@/lib/api-client';
import { refetchRacedFetches } from '@/lib/refetch-raced-fetches';
import { patchConversation } from '../realtime/cache-updates';
import { conversationsListBaseKey } from './get-conversations';

/** POST /conversations/{id}/read: I have seen its messages (the row loses its bold and badge). */
export async function markConversationRead(conversationId: string): Promise<void> {
  await apiRequest(apiPaths.conversationRead(conversationId), {
    method: 'POST',
    schema: ackEnvelopeSchema,
  });
}

export function useMarkConversationRead() {
  const qc = useQueryClient();
  const clear = (conversationId: string) =>
    patchConversation(qc, conversationId, (row) => (row.unreadCount ? { ...row, unreadCount: 0 } : row));
  return useMutation({
    mutationFn: markConversationRead,
    onMutate: clear,
    onSuccess: (_result, conversationId) => {
      // A list read on the server before the mark would bring the badge back: it is fetched again.
      refetchRacedFetches(qc, conversationsListBaseKey);
      clear(conversationId);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: attentionKey }),
  });
}
