import { apiPaths, eraseClientResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clientsKey } from './get-clients-page';

/** LGPD erasure: the server asks for the client's id again as confirmation. */
export function useEraseClient(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await apiRequest(apiPaths.clientErase(id), {
          method: 'POST',
          body: { confirm: id },
          schema: eraseClientResponseSchema,
        })
      ).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: clientsKey });
      void queryClient.invalidateQueries({ queryKey: ['conversations'] });
    },
  });
}
