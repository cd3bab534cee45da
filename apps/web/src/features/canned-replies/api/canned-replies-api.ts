import {
  ackEnvelopeSchema,
  apiPaths,
  type CannedReplyInput,
  cannedReplyResponseSchema,
} from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cannedRepliesKey } from '@/lib/api/get-canned-replies';
import { apiRequest } from '@/lib/api-client';

export function useSaveCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: CannedReplyInput & { id?: string }) =>
      (
        await apiRequest(id ? apiPaths.cannedReply(id) : apiPaths.cannedReplies(), {
          method: id ? 'PUT' : 'POST',
          body,
          schema: cannedReplyResponseSchema,
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cannedRepliesKey }),
  });
}

export function useDeleteCannedReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(apiPaths.cannedReply(id), {
        method: 'DELETE',
        schema: ackEnvelopeSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cannedRepliesKey }),
  });
}
