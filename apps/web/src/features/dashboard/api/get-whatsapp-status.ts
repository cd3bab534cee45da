import { apiPaths, type WhatsappStatus, whatsappStatusResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

export async function getWhatsappStatus(signal?: AbortSignal): Promise<WhatsappStatus> {
  const response = await apiRequest(apiPaths.whatsappStatus(), {
    schema: whatsappStatusResponseSchema,
    signal,
  });
  return response.data;
}

export const getWhatsappStatusQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.whatsappStatus(),
    queryFn: ({ signal }) => getWhatsappStatus(signal),
  });

export function useWhatsappStatus() {
  return useQuery(getWhatsappStatusQueryOptions());
}
