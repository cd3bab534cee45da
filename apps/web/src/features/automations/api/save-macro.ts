import { apiPaths, type Macro, type MacroInput, macroResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { macrosKey } from '@/lib/api/get-macros';
import { apiRequest } from '@/lib/api-client';

export interface SaveMacroInput {
  /** Absent: a new macro. */
  id?: string;
  macro: MacroInput;
}

/** A shared macro is an admin's to save (the server answers 403 to anyone else). */
export async function saveMacro({ id, macro }: SaveMacroInput): Promise<Macro> {
  const response = await apiRequest(id ? apiPaths.macro(id) : apiPaths.macros(), {
    method: id ? 'PUT' : 'POST',
    body: macro,
    schema: macroResponseSchema,
  });
  return response.data;
}

export function useSaveMacro() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMacro,
    onSuccess: (saved) => {
      queryClient.setQueryData<Macro[]>(macrosKey, (list) => {
        if (!list) return list;
        return list.some((item) => item.id === saved.id)
          ? list.map((item) => (item.id === saved.id ? saved : item))
          : [...list, saved];
      });
      return queryClient.invalidateQueries({ queryKey: macrosKey });
    },
  });
}
