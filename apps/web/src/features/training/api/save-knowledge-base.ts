import { apiPaths, type KnowledgeBase, knowledgeBaseResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { getKnowledgeBaseQueryOptions } from './get-knowledge-base';

export async function saveKnowledgeBase(content: string): Promise<KnowledgeBase> {
  const response = await apiRequest(apiPaths.knowledgeBase(), {
    method: 'POST',
    body: { content },
    schema: knowledgeBaseResponseSchema,
  });
  return response.data;
}

/** The saved text replaces the cached one; the caller shows the toasts (it owns the draft). */
export function useSaveKnowledgeBase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveKnowledgeBase,
    onSuccess: (saved) => queryClient.setQueryData(getKnowledgeBaseQueryOptions().queryKey, saved),
  });
}
