import { apiPaths, type TimelineEntry, timelineEntryResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { appendTimelineEntry } from '../realtime/cache-updates';

/** POST /conversations/{id}/notes {text}: a private note for the team, never sent to the customer. */
export async function createNote(conversationId: string, text: string): Promise<TimelineEntry> {
  const response = await apiRequest(apiPaths.conversationNotes(conversationId), {
    method: 'POST',
    body: { text },
    schema: timelineEntryResponseSchema,
  });
  return response.data;
}

/** The note shows at once in the transcript (by id, so its realtime echo adds no second one). */
export function useCreateNote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ conversationId, text }: { conversationId: string; text: string }) =>
      createNote(conversationId, text),
    onSuccess: (entry) => appendTimelineEntry(qc, entry),
  });
}
