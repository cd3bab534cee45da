import { type AutomationRun, apiPaths, automationRunsResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** What the automation rules did on one conversation ("regra X: etiqueta boleto adicionada"). */
export const automationRunsKey = (conversationId: string) => ['automation-runs', conversationId] as const;

export async function getAutomationRuns(
  conversationId: string,
  signal?: AbortSignal,
): Promise<AutomationRun[]> {
  const response = await apiRequest(apiPaths.conversationAutomationRuns(conversationId), {
    schema: automationRunsResponseSchema,
    signal,
  });
  return response.data;
}

export const automationRunsQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: automationRunsKey(conversationId),
    queryFn: ({ signal }) => getAutomationRuns(conversationId, signal),
    staleTime: 15_000,
  });

export function useAutomationRuns(conversationId: string, enabled = true) {
  return useQuery({ ...automationRunsQueryOptions(conversationId), enabled });
}
