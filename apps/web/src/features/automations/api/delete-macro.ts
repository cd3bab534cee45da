import { ackEnvelopeSchema, apiPaths, type Macro } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { macrosKey } from '@/lib/api/get-macros';
import { apiRequest } from '@/lib/api-client';

export async function deleteMacro(id: string): Promise<void> {
  await apiRequest(apiPaths.macro(id), { method: 'DELETE', schema: ackEnvelopeSchema });
}

export function useDeleteMacro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMacro,
    onSuccess: (_done, id) => {
      queryClient.setQueryData<Macro[]>(macrosKey, (list) => list?.filter((item) => item.id !== id));
      return queryClient.invalidateQueries({ queryKey: macrosKey });
    },
  });
}
