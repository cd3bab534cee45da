import { ackEnvelopeSchema, apiPaths, type LabelInput, labelResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { labelsKey } from '@/lib/api/get-labels';
import { apiRequest } from '@/lib/api-client';

export function useSaveLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: LabelInput & { id?: string }) =>
      (
        await apiRequest(id ? apiPaths.label(id) : apiPaths.labels(), {
          method: id ? 'PUT' : 'POST',
          body,
          schema: labelResponseSchema,
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: labelsKey }),
  });
}

export function useDeleteLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(apiPaths.label(id), { method: 'DELETE', schema: ackEnvelopeSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: labelsKey }),
  });
}
