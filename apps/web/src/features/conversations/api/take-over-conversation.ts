import { apiPaths, takeoverResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { upsertConversation } from '../realtime/cache-updates';

/** POST /conversations/{id}/takeover: a human takes the conversation from the AI. */
export async function takeOverConversation(conversationId: string) {
  const response = await apiRequest(apiPaths.conversationTakeover(conversationId), {
    method: 'POST',
    schema: takeoverResponseSchema,
  });
  return response.data;
}

export function useTakeOverConversation() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: takeOverConversation, onSuccess: (row) => upsertConversation(qc, row) });
}
