import {
  apiPaths,
  type BulkActionRequest,
  type BulkActionResult,
  bulkActionResponseSchema,
} from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui';
import { attentionKey } from '@/lib/api/get-attention';
import { apiRequest } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { errorReason, notify } from '../hooks/use-notify';
import { conversationsListBaseKey } from './get-conversations';

const DONE: Record<BulkActionRequest['action'], [string, string]> = {
  resolve: ['conversa resolvida', 'conversas resolvidas'],
  assign: ['conversa atribuída', 'conversas atribuídas'],
  label: ['conversa etiquetada', 'conversas etiquetadas'],
};

/** What a bulk action did: how many changed, and why the others did not (each row is judged alone). */
export function bulkSummary(
  action: BulkActionRequest['action'],
  result: BulkActionResult,
): { title: string; failure: string | null } {
  const [one, many] = DONE[action];
  const title = formatCount(result.done.length, one, many);
  const first = result.failed[0];
  if (!first) return { title, failure: null };
  const others = result.failed.length - 1;
  const failure = `${formatCount(result.failed.length, 'não pôde ser alterada', 'não puderam ser alteradas')}: ${first.message}${others > 0 ? ` (e mais ${others})` : ''}`;
  return { title, failure };
}

/** POST /conversations/bulk: one action on the selected rows; each row succeeds or fails on its own. */
export async function bulkConversations(request: BulkActionRequest): Promise<BulkActionResult> {
  const response = await apiRequest(apiPaths.conversationsBulk(), {
    method: 'POST',
    body: request,
    schema: bulkActionResponseSchema,
  });
  return response.data;
}

/**
 * Many rows change at once: the lists and the tab counts are fetched again. The outcome is told here,
 * not by the caller: resolved rows leave the list live, and the selection bar with them, before the
 * answer arrives.
 */
export function useBulkConversations() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: bulkConversations,
    onSuccess: (result, request) => {
      const { title, failure } = bulkSummary(request.action, result);
      if (failure) toast.warning(title, failure);
      else toast.success(title);
    },
    onError: (error) => notify.error(errorReason(error)),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: conversationsListBaseKey });
      void qc.invalidateQueries({ queryKey: attentionKey });
    },
  });
}
