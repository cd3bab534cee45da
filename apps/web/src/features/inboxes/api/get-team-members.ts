import { apiPaths, type ManagedUser, usersResponseSchema } from '@atende/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { inboxKeys } from './query-keys';

/** Admin only: the team, to choose which operators may see an inbox. */
export async function getTeamMembers(signal?: AbortSignal): Promise<ManagedUser[]> {
  const response = await apiRequest(apiPaths.users(), { schema: usersResponseSchema, signal });
  return response.data;
}

export const getTeamMembersQueryOptions = () =>
  queryOptions({
    queryKey: inboxKeys.members(),
    queryFn: ({ signal }) => getTeamMembers(signal),
    staleTime: 60_000,
  });

export function useTeamMembers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getTeamMembersQueryOptions(), enabled });
}
