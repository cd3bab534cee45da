import { apiPaths, clientDetailResponseSchema, type UpdateClientRequest } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { getClientQueryOptions } from './get-client';
import { clientsKey } from './get-clients-page';

export function useUpdateClient(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: UpdateClientRequest) =>
      (
        await apiRequest(apiPaths.client(id), {
          method: 'PATCH',
          body: patch,
          schema: clientDetailResponseSchema,
        })
      ).data,
    onSuccess: (detail) => {
      queryClient.setQueryData(getClientQueryOptions(id).queryKey, detail);
      void queryClient.invalidateQueries({ queryKey: [...clientsKey, 'page'] });
      // The inbox shows the client's name too.
      void queryClient.invalidateQueries({ queryKey: ['conversations'] });
    },
  });
}
