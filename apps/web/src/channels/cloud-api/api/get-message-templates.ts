import { apiPaths, type MessageTemplate, messageTemplatesResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET /whatsapp/templates → the approved message templates (cached by the server too). */
export async function getMessageTemplates(signal?: AbortSignal): Promise<MessageTemplate[]> {
  return (await apiRequest(apiPaths.whatsappTemplates(), { schema: messageTemplatesResponseSchema, signal }))
    .data;
}

export const messageTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: ['whatsapp', 'templates'] as const,
    queryFn: ({ signal }) => getMessageTemplates(signal),
    staleTime: 5 * 60_000,
  });

export function useMessageTemplates(enabled: boolean) {
  return useQuery({ ...messageTemplatesQueryOptions(), enabled });
}
