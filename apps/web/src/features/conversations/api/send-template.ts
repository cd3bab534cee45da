import {
  apiPaths,
  type Message,
  type SendTemplateRequest,
  sendMessageResponseSchema,
} from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { applyMessage } from '../realtime/cache-updates';

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

export function useSendTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendTemplate,
    onSuccess: (message) => applyMessage(qc, message, false),
  });
}
