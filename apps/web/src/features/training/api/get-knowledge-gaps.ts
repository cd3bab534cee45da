import { apiPaths, type KnowledgeGap, knowledgeGapsResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { trainingKeys } from './query-keys';

/** Most asked first; ties go to the most recent. */
export function sortGaps(gaps: readonly KnowledgeGap[]): KnowledgeGap[] {
  return [...gaps].sort((a, b) => b.count - a.count || Date.parse(b.lastAskedAt) - Date.parse(a.lastAskedAt));
}

/** Open knowledge gaps: questions the agent handed off or answered with low confidence. */
export async function getKnowledgeGaps(signal?: AbortSignal): Promise<KnowledgeGap[]> {
  const response = await apiRequest(apiPaths.knowledgeGaps(), {
    query: { status: 'open' },
    schema: knowledgeGapsResponseSchema,
    signal,
  });
  return sortGaps(response.data.filter((gap) => gap.status === 'open'));
}

export const getKnowledgeGapsQueryOptions = () =>
  queryOptions({
    queryKey: trainingKeys.gaps(),
    queryFn: ({ signal }) => getKnowledgeGaps(signal),
  });

export function useKnowledgeGaps() {
  return useQuery(getKnowledgeGapsQueryOptions());
}
