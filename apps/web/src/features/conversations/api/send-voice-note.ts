import { apiPaths, type Message, sendMessageResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { applyMessage } from '../realtime/cache-updates';

export interface SendVoiceNoteInput {
  conversationId: string;
  recording: Blob;
  replyTo?: string | null | undefined;
}

/** POST /conversations/{id}/voice-note (the recording as the body) → the message, sent as a voice note. */
export async function sendVoiceNote(input: SendVoiceNoteInput): Promise<Message> {
  const extension = input.recording.type.includes('ogg') ? 'ogg' : 'webm';
  const response = await apiRequest(apiPaths.conversationVoiceNote(input.conversationId), {
    method: 'POST',
    file: new File([input.recording], `gravacao.${extension}`, { type: input.recording.type }),
    query: { replyTo: input.replyTo ?? undefined },
    schema: sendMessageResponseSchema,
  });
  return response.data;
}

/** Puts the voice note in the chat and the list, like a text reply. */
export function useSendVoiceNote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sendVoiceNote,
    onSuccess: (message) => applyMessage(qc, message, false),
  });
}
