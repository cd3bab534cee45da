import { apiPaths, type SatisfactionSurvey, satisfactionSurveysResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** A conversation's or a client's satisfaction surveys, newest first (the chat header, the client page). */
export const satisfactionKey = ['satisfaction'] as const;

export const conversationSatisfactionQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: [...satisfactionKey, 'conversation', conversationId] as const,
    queryFn: async ({ signal }): Promise<SatisfactionSurvey[]> =>
      (
        await apiRequest(apiPaths.conversationSatisfaction(conversationId), {
          schema: satisfactionSurveysResponseSchema,
          signal,
        })
      ).data,
    staleTime: 30_000,
  });

export const clientSatisfactionQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: [...satisfactionKey, 'client', clientId] as const,
    queryFn: async ({ signal }): Promise<SatisfactionSurvey[]> =>
      (
        await apiRequest(apiPaths.clientSatisfaction(clientId), {
          schema: satisfactionSurveysResponseSchema,
          signal,
        })
      ).data,
    staleTime: 30_000,
  });

export function useConversationSatisfaction(conversationId: string | null | undefined) {
  return useQuery({
    ...conversationSatisfactionQueryOptions(conversationId ?? ''),
    enabled: Boolean(conversationId),
  });
}

export function useClientSatisfaction(clientId: string) {
  return useQuery(clientSatisfactionQueryOptions(clientId));
}
