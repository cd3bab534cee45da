import { apiPaths, type BusinessHours, businessHoursResponseSchema } from '@atende/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { getBusinessHoursQueryOptions } from './get-business-hours';

export interface SaveBusinessHoursInput {
  inboxId: string;
  hours: BusinessHours;
}

export async function saveBusinessHours({ inboxId, hours }: SaveBusinessHoursInput): Promise<BusinessHours> {
  return (
    await apiRequest(apiPaths.inboxBusinessHours(inboxId), {
      method: 'PUT',
      body: hours,
      schema: businessHoursResponseSchema,
    })
  ).data;
}

/** Errors are the form's to show. */
export function useSaveBusinessHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBusinessHours,
    onSuccess: (hours, { inboxId }) =>
      queryClient.setQueryData(getBusinessHoursQueryOptions(inboxId).queryKey, hours),
  });
}
