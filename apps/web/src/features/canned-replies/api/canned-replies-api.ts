import {
  ackEnvelopeSchema,
  type CannedReplyInput,
  cannedRepliesResponseSchema,
  cannedReplyResponseSchema,
} from '@atende/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Same key as the composer's picker reads: an edit here shows there. */
export const cannedRepliesQueryOptions = () =>
  queryOptions({
    queryKey: ['canned-replies'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest('/canned-replies', { schema: cannedRepliesResponseSchema, signal })).data,
  });

export function useCannedReplies() {
  return useQuery(cannedRepliesQueryOptions());
}

export function useSaveCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: CannedReplyInput & { id?: string }) =>
      (
        await apiRequest(id ? `/canned-replies/${encodeURIComponent(id)}` : '/canned-replies', {
          method: id ? 'PUT' : 'POST',
          body,
          schema: cannedReplyResponseSchema,
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cannedRepliesQueryOptions().queryKey }),
  });
}

export function useDeleteCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/canned-replies/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: ackEnvelopeSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cannedRepliesQueryOptions().queryKey }),
  });
}
