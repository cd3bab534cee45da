import {
  apiPaths,
  type ClientPage,
  clientPageResponseSchema,
  type LastContactFilter,
  lastContactFilterSchema,
} from '@atende/contracts';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface ClientsFilter {
  search: string;
  labelId: string | null;
  lastContact: LastContactFilter | null;
}

export const CLIENTS_PAGE_SIZE = 50;

/** The list's filters as the URL holds them (`?busca=&etiqueta=&contato=`). */
export function clientsFilterFromParams(params: URLSearchParams): ClientsFilter {
  const lastContact = lastContactFilterSchema.safeParse(params.get('contato'));
  return {
    search: params.get('busca') ?? '',
    labelId: params.get('etiqueta') || null,
    lastContact: lastContact.success ? lastContact.data : null,
  };
}

export async function getClientsPage(
  filter: ClientsFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ClientPage> {
  const response = await apiRequest(apiPaths.clientsPage(), {
    query: {
      search: filter.search.trim() || undefined,
      labelId: filter.labelId ?? undefined,
      lastContact: filter.lastContact ?? undefined,
      limit: CLIENTS_PAGE_SIZE,
      cursor: cursor ?? undefined,
    },
    schema: clientPageResponseSchema,
    signal,
  });
  return response.data;
}

export const clientsKey = ['clients'] as const;

export function getClientsPageQueryOptions(filter: ClientsFilter) {
  return infiniteQueryOptions({
    queryKey: [...clientsKey, 'page', filter.search.trim(), filter.labelId, filter.lastContact],
    queryFn: ({ pageParam, signal }) => getClientsPage(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

export function useClientsPage(filter: ClientsFilter) {
  return useInfiniteQuery(getClientsPageQueryOptions(filter));
}
