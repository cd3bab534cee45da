import { apiPaths, type Macro, macrosResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /macros: the signed-in person's macros (their personal ones and the team's shared ones). The
 * chat runs them; the macros screen edits them.
 */
export const macrosKey = ['macros'] as const;

export const macrosQueryOptions = () =>
  queryOptions({
    queryKey: macrosKey,
    queryFn: async ({ signal }): Promise<Macro[]> =>
      (await apiRequest(apiPaths.macros(), { schema: macrosResponseSchema, signal })).data,
    staleTime: 60_000,
  });

export function useMacros(options: { enabled?: boolean } = {}) {
  return useQuery({ ...macrosQueryOptions(), enabled: options.enabled ?? true });
}
