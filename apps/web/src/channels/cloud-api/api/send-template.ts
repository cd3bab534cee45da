import {
  apiPaths,
  type Message,
  type SendTemplateRequest,
  sendMessageResponseSchema,
} from '@atende/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /conversations/{id}/template → the stored message (the template's text, filled in). */
export async function sendTemplate(
  input: { conversationId: string } & SendTemplateRequest,
): Promise<Message> {
  const { conversationId, ...body } = input;
  const response = await apiRequest(apiPaths.conversationTemplate(conversationId), {
    method: 'POST',
    body,
    schema: sendMessageResponseSchema,
  });
  return response.data;
}

/** `onSent` puts the stored message where the chat shows it (the conversations' cache is theirs). */
export function useSendTemplate(onSent: (message: Message) => void) {
  return useMutation({ mutationFn: sendTemplate, onSuccess: onSent });
}
