import { ackEnvelopeSchema, apiPaths } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { getAutomationRulesQueryOptions } from './get-automation-rules';

/** Built-in rules answer 409 (they can be switched off, not deleted). */
export async function deleteAutomationRule(id: string): Promise<void> {
  await apiRequest(apiPaths.automation(id), { method: 'DELETE', schema: ackEnvelopeSchema });
}

export function useDeleteAutomationRule() {
  const queryClient = useQueryClient();
  const { queryKey } = getAutomationRulesQueryOptions();
  return useMutation({
    mutationFn: deleteAutomationRule,
    onSuccess: (_done, id) => {
      queryClient.setQueryData(queryKey, (list) => list?.filter((item) => item.id !== id));
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
