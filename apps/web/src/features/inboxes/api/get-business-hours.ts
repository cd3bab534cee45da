import { apiPaths, type BusinessHours, businessHoursResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { inboxKeys } from './query-keys';

/** Admin only: an inbox's weekly schedule, holidays, time zone, greeting and out-of-office message. */
export async function getBusinessHours(inboxId: string, signal?: AbortSignal): Promise<BusinessHours> {
  return (
    await apiRequest(apiPaths.inboxBusinessHours(inboxId), { schema: businessHoursResponseSchema, signal })
  ).data;
}

export const getBusinessHoursQueryOptions = (inboxId: string) =>
  queryOptions({
    queryKey: inboxKeys.businessHours(inboxId),
    queryFn: ({ signal }) => getBusinessHours(inboxId, signal),
  });

export function useBusinessHours(inboxId: string | undefined) {
  return useQuery({ ...getBusinessHoursQueryOptions(inboxId ?? ''), enabled: Boolean(inboxId) });
}
