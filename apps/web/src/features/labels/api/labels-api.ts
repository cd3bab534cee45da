import {
  ackEnvelopeSchema,
  type LabelInput,
  labelResponseSchema,
  labelsResponseSchema,
} from '@atende/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Same key as the inbox reads labels with. */
export const labelsQueryOptions = () =>
  queryOptions({
    queryKey: ['labels'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest('/labels', { schema: labelsResponseSchema, signal })).data,
  });

export function useLabels() {
  return useQuery(labelsQueryOptions());
}

export function useSaveLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: LabelInput & { id?: string }) =>
      (
        await apiRequest(id ? `/labels/${encodeURIComponent(id)}` : '/labels', {
          method: id ? 'PUT' : 'POST',
          body,
          schema: labelResponseSchema,
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: labelsQueryOptions().queryKey }),
  });
}

export function useDeleteLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/labels/${encodeURIComponent(id)}`, { method: 'DELETE', schema: ackEnvelopeSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: labelsQueryOptions().queryKey }),
  });
}
