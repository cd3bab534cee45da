import {
  apiPaths,
  type BulkActionRequest,
  type BulkActionResult,
  bulkActionResponseSchema,
} from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { attentionKey } from '@/lib/api/get-attention';
import { apiRequest } from '@/lib/api-client';
import { conversationsListBaseKey } from './get-conversations';

/** POST /conversations/bulk: one action on the selected rows; each row succeeds or fails on its own. */
export async function bulkConversations(request: BulkActionRequest): Promise<BulkActionResult> {
  const response = await apiRequest(apiPaths.conversationsBulk(), {
    method: 'POST',
    body: request,
    schema: bulkActionResponseSchema,
  });
  return response.data;
}

/** Many rows change at once: the lists and the tab counts are fetched again. */
export function useBulkConversations() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: bulkConversations,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: conversationsListBaseKey });
      void qc.invalidateQueries({ queryKey: attentionKey });
    },
  });
}
