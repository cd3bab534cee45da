import {
  apiPaths,
  type KnowledgeGap,
  knowledgeGapResponseSchema,
  type ResolveKnowledgeGapRequest,
} from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui';
import { ApiError, apiRequest } from '@/lib/api-client';
import { getKnowledgeBaseQueryOptions } from './get-knowledge-base';
import { getKnowledgeGapsQueryOptions } from './get-knowledge-gaps';

export const RESOLVE_SUCCESS = 'Conhecimento adicionado à base';
export const RESOLVE_ERROR = 'Erro ao adicionar à base';

export async function resolveKnowledgeGap(
  id: string,
  input: ResolveKnowledgeGapRequest,
): Promise<KnowledgeGap> {
  const response = await apiRequest(apiPaths.knowledgeGapResolve(id), {
    method: 'POST',
    body: input,
    schema: knowledgeGapResponseSchema,
  });
  return response.data;
}

/** Appends the answer to the knowledge base: the gap leaves the list and the base is read again. */
export function useResolveKnowledgeGap() {
  const queryClient = useQueryClient();
  const gapsKey = getKnowledgeGapsQueryOptions().queryKey;
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ResolveKnowledgeGapRequest }) =>
      resolveKnowledgeGap(id, input),
    onSuccess: (gap) => {
      queryClient.setQueryData(gapsKey, (gaps) => gaps?.filter((g) => g.id !== gap.id));
      void queryClient.invalidateQueries({ queryKey: getKnowledgeBaseQueryOptions().queryKey });
      toast.success(RESOLVE_SUCCESS);
    },
    onError: (error) => {
      toast.error(RESOLVE_ERROR, error.message);
      // Gone or already resolved elsewhere: the list is stale.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: gapsKey });
      }
    },
  });
}
