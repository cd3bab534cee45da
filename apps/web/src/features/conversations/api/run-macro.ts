import { apiPaths, runMacroResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { automationRunsKey } from './get-automation-runs';
import { conversationsKey } from './get-conversations';

export interface RunMacroInput {
  macroId: string;
  conversationId: string;
}

/** POST /macros/{id}/run: the macro's actions on this conversation; answers what was done, line by line. */
export async function runMacro({ macroId, conversationId }: RunMacroInput): Promise<string[]> {
  const response = await apiRequest(apiPaths.macroRun(macroId), {
    method: 'POST',
    body: { conversationId },
    schema: runMacroResponseSchema,
  });
  return response.data.lines;
}

/** Errors are the caller's to show. The socket brings the conversation's changes; this refreshes the rest. */
export function useRunMacro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runMacro,
    onSettled: (_lines, _error, { conversationId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: conversationsKey }),
        queryClient.invalidateQueries({ queryKey: automationRunsKey(conversationId) }),
      ]),
  });
}
