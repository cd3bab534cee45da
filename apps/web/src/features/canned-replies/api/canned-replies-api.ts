import { ackEnvelopeSchema, type CannedReplyInput, cannedReplyResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cannedRepliesKey } from '@/lib/api/get-canned-replies';
import { apiRequest } from '@/lib/api-client';

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
    onSettled: () => queryClient.invalidateQueries({ queryKey: cannedRepliesKey }),
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: cannedRepliesKey }),
  });
}
