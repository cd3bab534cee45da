import { apiPaths, type KnowledgeGap, knowledgeGapResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui';
import { apiRequest } from '@/lib/api-client';
import { getKnowledgeGapsQueryOptions } from './get-knowledge-gaps';

export const DISMISS_SUCCESS = 'Lacuna descartada';
export const DISMISS_ERROR = 'Erro ao descartar a lacuna';

export async function dismissKnowledgeGap(id: string): Promise<KnowledgeGap> {
  const response = await apiRequest(apiPaths.knowledgeGapDismiss(id), {
    method: 'POST',
    schema: knowledgeGapResponseSchema,
  });
  return response.data;
}

export function useDismissKnowledgeGap() {
  const queryClient = useQueryClient();
  const gapsKey = getKnowledgeGapsQueryOptions().queryKey;
  return useMutation({
    mutationFn: dismissKnowledgeGap,
    onSuccess: (gap) => {
      queryClient.setQueryData(gapsKey, (gaps) => gaps?.filter((g) => g.id !== gap.id));
      toast.success(DISMISS_SUCCESS);
    },
    onError: (error) => {
      toast.error(DISMISS_ERROR, error.message);
      void queryClient.invalidateQueries({ queryKey: gapsKey });
    },
  });
}
