import { ackEnvelopeSchema, apiPaths, automationRulesResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { getAutomationRulesQueryOptions } from './get-automation-rules';

// The new order comes back as the list, or as a plain acknowledgement: either is a success.
const reorderResponseSchema = z.union([automationRulesResponseSchema, ackEnvelopeSchema]);

export async function reorderAutomationRules(ids: string[]): Promise<void> {
  await apiRequest(apiPaths.automationsReorder(), {
    method: 'POST',
    body: { ids },
    schema: reorderResponseSchema,
  });
}

/** The list takes the new order at once; a refused order is put back. */
export function useReorderAutomationRules() {
  const queryClient = useQueryClient();
  const { queryKey } = getAutomationRulesQueryOptions();
  return useMutation({
    mutationFn: reorderAutomationRules,
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (list) => {
        if (!list) return list;
        const byId = new Map(list.map((rule) => [rule.id, rule]));
        return ids.flatMap((id, position) => {
          const rule = byId.get(id);
          return rule ? [{ ...rule, position }] : [];
        });
      });
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
