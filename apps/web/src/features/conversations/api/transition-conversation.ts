import { apiPaths, type Conversation, takeoverResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { attentionKey } from '@/lib/api/get-attention';
import { apiRequest } from '@/lib/api-client';
import { placeConversation } from '../realtime/cache-updates';

/** The life-cycle steps that take nothing but the conversation (POST /conversations/{id}/{step}). */
export type ConversationTransition = 'resolve' | 'reopen' | 'unsnooze' | 'archive' | 'unarchive';

/** What each step says when it worked, unless the server says it better. */
export const TRANSITION_DONE: Record<ConversationTransition, string> = {
  resolve: 'Conversa resolvida',
  reopen: 'Conversa reaberta',
  unsnooze: 'Conversa retomada',
  archive: 'Conversa arquivada',
  unarchive: 'Conversa desarquivada',
};

const STEP_PATHS = {
  resolve: apiPaths.conversationResolve,
  reopen: apiPaths.conversationReopen,
  unsnooze: apiPaths.conversationUnsnooze,
  archive: apiPaths.conversationArchive,
  unarchive: apiPaths.conversationUnarchive,
} as const;

export async function transitionConversation(
  conversationId: string,
  step: ConversationTransition,
): Promise<{ row: Conversation; message: string }> {
  const response = await apiRequest(STEP_PATHS[step](conversationId), {
    method: 'POST',
    schema: takeoverResponseSchema,
  });
  return { row: response.data, message: response.message ?? TRANSITION_DONE[step] };
}

/** The row moves to the lists it now belongs to (out of the others) and the tab counts refresh. */
export function useTransitionConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, step }: { conversationId: string; step: ConversationTransition }) =>
      transitionConversation(conversationId, step),
    onSuccess: ({ row }) => {
      placeConversation(qc, row);
      void qc.invalidateQueries({ queryKey: attentionKey });
    },
  });
}
