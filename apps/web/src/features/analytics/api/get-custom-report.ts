import {
  apiPaths,
  type CustomReport,
  type CustomReportQuery,
  customReportResponseSchema,
} from '@atende/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const customReportKey = ['analytics', 'custom'] as const;

export function getCustomReportQueryOptions(query: CustomReportQuery) {
  return queryOptions({
    queryKey: [...customReportKey, query] as const,
    queryFn: async ({ signal }): Promise<CustomReport> =>
      (
        await apiRequest(apiPaths.analyticsCustom(), {
          query: { ...query },
          schema: customReportResponseSchema,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useCustomReport(query: CustomReportQuery) {
  return useQuery(getCustomReportQueryOptions(query));
}
