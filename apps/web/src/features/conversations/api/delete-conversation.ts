import { ackEnvelopeSchema, apiPaths } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { attentionKey } from '@/lib/api/get-attention';
import { apiRequest } from '@/lib/api-client';
import { removeConversation } from '../realtime/cache-updates';

/** DELETE /conversations/{id} (admins): gone for good, out of every list. */
export async function deleteConversation(conversationId: string): Promise<string> {
  const response = await apiRequest(apiPaths.conversation(conversationId), {
    method: 'DELETE',
    schema: ackEnvelopeSchema,
  });
  return response.message ?? 'Conversa excluída';
}

export function useDeleteConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: (_message, conversationId) => {
      removeConversation(qc, conversationId);
      void qc.invalidateQueries({ queryKey: attentionKey });
    },
  });
}
