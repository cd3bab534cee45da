import { apiPaths, takeoverResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { attentionKey } from '@/lib/api/get-attention';
import { teamMembersKey } from '@/lib/api/get-team-members';
import { apiRequest } from '@/lib/api-client';
import { errorReason, notify } from '../hooks/use-notify';
import { placeConversation } from '../realtime/cache-updates';

/**
 * POST /conversations/{id}/assign (admin): the person then holds the conversation as after a takeover.
 * The outcome is told here, not by the caller: the menu that asks closes before the answer arrives.
 * Who holds how many changed: the tab counts and the team's loads are fetched again.
 */
export function useAssignConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ conversationId, userId }: { conversationId: string; userId: string }) =>
      apiRequest(apiPaths.conversationAssign(conversationId), {
        method: 'POST',
        body: { userId },
        schema: takeoverResponseSchema,
      }),
    onSuccess: (response) => {
      placeConversation(qc, response.data);
      void qc.invalidateQueries({ queryKey: attentionKey });
      void qc.invalidateQueries({ queryKey: teamMembersKey });
      notify.success(response.message ?? 'Conversa atribuída');
    },
    onError: (error) => notify.error(errorReason(error)),
  });
}
