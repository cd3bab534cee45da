import { apiPaths, takeoverResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { conversationsKey } from './get-conversations';

/** PUT /conversations/{id}/labels; the realtime row update refreshes lists, this refreshes the rest. */
export function useSetConversationLabels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, labelIds }: { id: string; labelIds: string[] }) =>
      (
        await apiRequest(apiPaths.conversationLabels(id), {
          method: 'PUT',
          body: { labelIds },
          schema: takeoverResponseSchema,
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: conversationsKey }),
  });
}
