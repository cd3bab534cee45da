import { apiPaths, takeoverResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { upsertConversation } from '../realtime/cache-updates';

/** POST /conversations/{id}/handback: gives the conversation back to the AI. */
export async function handBackConversation(conversationId: string) {
  const response = await apiRequest(apiPaths.conversationHandback(conversationId), {
    method: 'POST',
    schema: takeoverResponseSchema,
  });
  return response.data;
}

export function useHandBackConversation() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: handBackConversation, onSuccess: (row) => upsertConversation(qc, row) });
}
