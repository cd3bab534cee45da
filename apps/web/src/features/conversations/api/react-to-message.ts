import { ackEnvelopeSchema, apiPaths, type Reactions } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { applyAgentReaction } from '../lib/reactions';
import { setReactions } from '../realtime/cache-updates';
import { conversationMessagesKey, type MessagesCache } from './get-conversation';

export interface ReactInput {
  conversationId: string;
  messageId: string;
  /** null removes our reaction. */
  emoji: string | null;
}

/** POST /conversations/{cid}/messages/{mid}/react {emoji}. */
export async function reactToMessage(input: ReactInput): Promise<void> {
  await apiRequest(apiPaths.messageReaction(input.conversationId, input.messageId), {
    method: 'POST',
    body: { emoji: input.emoji },
    schema: ackEnvelopeSchema,
  });
}

function currentReactions(cache: MessagesCache | undefined, messageId: string): Reactions | null {
  for (const page of cache?.pages ?? []) {
    const found = page.messages.find((m) => m.id === messageId);
    if (found) return found.reactions;
  }
  return null;
}

/** Optimistic: shows our reaction at once; rolls back on failure. `message:reaction` then confirms. */
export function useReactToMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: reactToMessage,
    onMutate: (input) => {
      const previous = currentReactions(
        qc.getQueryData(conversationMessagesKey(input.conversationId)),
        input.messageId,
      );
      if (previous)
        setReactions(qc, input.conversationId, input.messageId, applyAgentReaction(previous, input.emoji));
      return { previous };
    },
    onError: (_error, input, context) => {
      if (context?.previous) setReactions(qc, input.conversationId, input.messageId, context.previous);
    },
  });
}
