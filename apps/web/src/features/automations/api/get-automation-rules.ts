import { type AutomationRule, apiPaths, automationRulesResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { automationKeys } from './query-keys';

/** Admin only: every rule, in the order they run. */
export async function getAutomationRules(signal?: AbortSignal): Promise<AutomationRule[]> {
  return (await apiRequest(apiPaths.automations(), { schema: automationRulesResponseSchema, signal })).data;
}

export const getAutomationRulesQueryOptions = () =>
  queryOptions({
    queryKey: automationKeys.rules(),
    queryFn: ({ signal }) => getAutomationRules(signal),
  });

export function useAutomationRules() {
  return useQuery(getAutomationRulesQueryOptions());
}
