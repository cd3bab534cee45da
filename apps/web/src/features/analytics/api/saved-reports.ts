import {
  ackEnvelopeSchema,
  apiPaths,
  type SavedReport,
  type SavedReportInput,
  savedReportResponseSchema,
  savedReportsResponseSchema,
} from '@atende/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The team's saved reports: everyone opens them, admins save, change and delete them. */
export const savedReportsQueryOptions = () =>
  queryOptions({
    queryKey: ['analytics', 'saved-reports'] as const,
    queryFn: async ({ signal }): Promise<SavedReport[]> =>
      (await apiRequest(apiPaths.savedReports(), { schema: savedReportsResponseSchema, signal })).data,
    staleTime: 60_000,
  });

export function useSavedReports() {
  return useQuery(savedReportsQueryOptions());
}

/** Saves a new report (no id) or changes one; the list refreshes. */
export function useSaveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id?: string | undefined; input: SavedReportInput }) =>
      (
        await apiRequest(id ? apiPaths.savedReport(id) : apiPaths.savedReports(), {
          method: id ? 'PUT' : 'POST',
          body: input,
          schema: savedReportResponseSchema,
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: savedReportsQueryOptions().queryKey }),
  });
}

export function useDeleteReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(apiPaths.savedReport(id), { method: 'DELETE', schema: ackEnvelopeSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: savedReportsQueryOptions().queryKey }),
  });
}
