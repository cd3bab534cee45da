import { apiPaths, type Message, sendMessageResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { applyMessage } from '../realtime/cache-updates';

export interface SendMessageInput {
  conversationId: string;
  message: string;
  replyTo?: string | null;
}

/** POST /conversations/{id}/messages {message, type, replyTo} → the created message. */
export async function sendMessage(input: SendMessageInput): Promise<Message> {
  const response = await apiRequest(apiPaths.conversationMessages(input.conversationId), {
    method: 'POST',
    body: { message: input.message, type: 'text', replyTo: input.replyTo ?? null },
    schema: sendMessageResponseSchema,
  });
  return response.data;
}

/** Puts the created message in the chat (by id, so the echo event adds no second bubble) and the list. */
export function useSendMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message) => applyMessage(qc, message, false),
  });
}
