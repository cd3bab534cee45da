import { apiPaths, type Inbox, inboxesResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * The inboxes (connected numbers) the signed-in user may see. Shared by the Integrations screen, the
 * dashboard's connection card and the conversation list, so one socket update reaches all three.
 */

/** Every inbox list cache starts with this key (and nothing else does). */
export const inboxesKey = ['inboxes'] as const;

export interface InboxesQuery {
  /** Also list removed inboxes (their names still label old conversations). */
  removed?: boolean;
}

export async function getInboxes({ removed = false }: InboxesQuery, signal?: AbortSignal): Promise<Inbox[]> {
  const response = await apiRequest(apiPaths.inboxes(), {
    query: { removed: removed ? 'true' : 'false' },
    schema: inboxesResponseSchema,
    signal,
  });
  return response.data;
}

export const getInboxesQueryOptions = ({ removed = false }: InboxesQuery = {}) =>
  queryOptions({
    queryKey: [...inboxesKey, { removed }] as const,
    queryFn: ({ signal }) => getInboxes({ removed }, signal),
    staleTime: 60_000,
  });

export function useInboxes(query: InboxesQuery = {}) {
  return useQuery(getInboxesQueryOptions(query));
}
