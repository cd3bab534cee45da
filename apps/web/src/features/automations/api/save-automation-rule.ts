import {
  type AutomationRule,
  type AutomationRuleInput,
  apiPaths,
  automationRuleResponseSchema,
} from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { getAutomationRulesQueryOptions } from './get-automation-rules';

export interface SaveRuleInput {
  /** Absent: a new rule (it runs last). */
  id?: string;
  rule: AutomationRuleInput;
}

export async function saveAutomationRule({ id, rule }: SaveRuleInput): Promise<AutomationRule> {
  const response = await apiRequest(id ? apiPaths.automation(id) : apiPaths.automations(), {
    method: id ? 'PUT' : 'POST',
    body: rule,
    schema: automationRuleResponseSchema,
  });
  return response.data;
}

/**
 * Creates or replaces a rule. The switch in the list shows its change at once and is put back if
 * the server refuses; errors are the caller's to show (the form's fields, or a toast).
 */
export function useSaveAutomationRule() {
  const queryClient = useQueryClient();
  const { queryKey } = getAutomationRulesQueryOptions();
  return useMutation({
    mutationFn: saveAutomationRule,
    onMutate: async ({ id, rule }) => {
      if (!id) return { previous: undefined };
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      if (rule.enabled !== undefined) {
        queryClient.setQueryData(queryKey, (list) =>
          list?.map((item) => (item.id === id ? { ...item, enabled: rule.enabled ?? item.enabled } : item)),
        );
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, (list) => {
        if (!list) return list;
        return list.some((item) => item.id === saved.id)
          ? list.map((item) => (item.id === saved.id ? saved : item))
          : [...list, saved];
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
