import { apiPaths, type MessageTemplate, messageTemplatesResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /whatsapp/templates → the approved message templates (cached by the server too): an inbox's,
 * or, without one, the first inbox's that has templates.
 */
export async function getMessageTemplates(
  signal?: AbortSignal,
  inboxId?: string,
): Promise<MessageTemplate[]> {
  return (
    await apiRequest(apiPaths.whatsappTemplates(), {
      query: { inboxId },
      schema: messageTemplatesResponseSchema,
      signal,
    })
  ).data;
}

export const messageTemplatesQueryOptions = (inboxId?: string) =>
  queryOptions({
    queryKey: ['whatsapp', 'templates', inboxId ?? null] as const,
    queryFn: ({ signal }) => getMessageTemplates(signal, inboxId),
    staleTime: 5 * 60_000,
  });

export function useMessageTemplates(enabled: boolean, inboxId?: string) {
  return useQuery({ ...messageTemplatesQueryOptions(inboxId), enabled });
}
