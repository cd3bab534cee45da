import { type ApiToken, apiPaths, apiTokenResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui';
import { apiRequest } from '@/lib/api-client';
import { getApiTokensQueryOptions } from './get-api-tokens';

/** Immediate: the next call with it gets 401. */
export async function revokeApiToken(id: string): Promise<ApiToken> {
  const response = await apiRequest(apiPaths.apiToken(id), {
    method: 'DELETE',
    schema: apiTokenResponseSchema,
  });
  return response.data;
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: (revoked) => {
      toast.success('Token revogado');
      const { queryKey } = getApiTokensQueryOptions();
      queryClient.setQueryData(queryKey, (list) =>
        list?.map((item) => (item.id === revoked.id ? revoked : item)),
      );
      return queryClient.invalidateQueries({ queryKey });
    },
    onError: (error) => toast.error('Erro ao revogar o token', error.message),
  });
}
