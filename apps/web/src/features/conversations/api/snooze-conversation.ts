import { apiPaths, takeoverResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { attentionKey } from '@/lib/api/get-attention';
import { apiRequest } from '@/lib/api-client';
import { placeConversation } from '../realtime/cache-updates';

/** POST /conversations/{id}/snooze {until}: paused until then, or until the customer writes (null). */
export async function snoozeConversation(conversationId: string, until: string | null) {
  const response = await apiRequest(apiPaths.conversationSnooze(conversationId), {
    method: 'POST',
    body: { until },
    schema: takeoverResponseSchema,
  });
  return response.data;
}

export function useSnoozeConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, until }: { conversationId: string; until: string | null }) =>
      snoozeConversation(conversationId, until),
    onSuccess: (row) => {
      placeConversation(qc, row);
      void qc.invalidateQueries({ queryKey: attentionKey });
    },
  });
}
