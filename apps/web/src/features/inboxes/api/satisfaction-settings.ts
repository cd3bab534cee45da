import {
  apiPaths,
  type SatisfactionSettings,
  satisfactionSettingsResponseSchema,
  type UpdateSatisfactionSettings,
} from '@atende/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { inboxKeys } from './query-keys';

/** Admin only: whether an inbox's resolved conversations get the satisfaction survey, and its question. */
export const getSatisfactionSettingsQueryOptions = (inboxId: string) =>
  queryOptions({
    queryKey: inboxKeys.satisfaction(inboxId),
    queryFn: async ({ signal }): Promise<SatisfactionSettings> =>
      (
        await apiRequest(apiPaths.inboxSatisfaction(inboxId), {
          schema: satisfactionSettingsResponseSchema,
          signal,
        })
      ).data,
  });

export function useSatisfactionSettings(inboxId: string | undefined) {
  return useQuery({ ...getSatisfactionSettingsQueryOptions(inboxId ?? ''), enabled: Boolean(inboxId) });
}

/** Errors are the form's to show. */
export function useSaveSatisfactionSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ inboxId, settings }: { inboxId: string; settings: UpdateSatisfactionSettings }) =>
      (
        await apiRequest(apiPaths.inboxSatisfaction(inboxId), {
          method: 'PUT',
          body: settings,
          schema: satisfactionSettingsResponseSchema,
        })
      ).data,
    onSuccess: (saved) =>
      queryClient.setQueryData(getSatisfactionSettingsQueryOptions(saved.inboxId).queryKey, saved),
  });
}
