import { apiPaths, type Message, sendMessageResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { applyMessage } from '../realtime/cache-updates';

export interface SendMediaInput {
  conversationId: string;
  file: File;
  caption?: string | undefined;
  replyTo?: string | null | undefined;
}

/** POST /conversations/{id}/media (the file as the body; name, caption, quote in the query) → the message. */
export async function sendMedia(input: SendMediaInput): Promise<Message> {
  const response = await apiRequest(apiPaths.conversationMedia(input.conversationId), {
    method: 'POST',
    file: input.file,
    query: { fileName: input.file.name, caption: input.caption, replyTo: input.replyTo },
    schema: sendMessageResponseSchema,
  });
  return response.data;
}

/** Puts the sent file's message in the chat and the list, like a text reply. */
export function useSendMedia() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendMedia,
    onSuccess: (message) => applyMessage(qc, message, false),
  });
}
