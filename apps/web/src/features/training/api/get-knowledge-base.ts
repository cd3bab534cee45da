import { apiPaths, type KnowledgeBase, knowledgeBaseResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { trainingKeys } from './query-keys';

export async function getKnowledgeBase(signal?: AbortSignal): Promise<KnowledgeBase> {
  const response = await apiRequest(apiPaths.knowledgeBase(), {
    schema: knowledgeBaseResponseSchema,
    signal,
  });
  return response.data;
}

export const getKnowledgeBaseQueryOptions = () =>
  queryOptions({
    queryKey: trainingKeys.knowledgeBase(),
    queryFn: ({ signal }) => getKnowledgeBase(signal),
  });

export function useKnowledgeBase() {
  return useQuery(getKnowledgeBaseQueryOptions());
}
