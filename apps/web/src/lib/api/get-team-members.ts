import {
  type Availability,
  apiPaths,
  availabilityResponseSchema,
  type TeamMember,
  teamMembersResponseSchema,
} from '@atende/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useSocketEvent } from '@/lib/socket';
import { useReloadMissedEvents } from '@/lib/use-reload-missed';

/** GET /team/members: everyone's name, availability and load (mentions, the assign menu, the user menu). */
export const teamMembersKey = ['team-members'] as const;

export const teamMembersQueryOptions = () =>
  queryOptions({
    queryKey: teamMembersKey,
    queryFn: async ({ signal }): Promise<TeamMember[]> =>
      (await apiRequest(apiPaths.teamMembers(), { schema: teamMembersResponseSchema, signal })).data,
    staleTime: 60_000,
  });

export function useTeamMembers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...teamMembersQueryOptions(), enabled: options.enabled ?? true });
}

/** The signed-in person's availability as the team sees it (null until the team has loaded). */
export function useMyAvailability(userId: string | null | undefined): Availability | null {
  const members = useTeamMembers({ enabled: Boolean(userId) }).data;
  return members?.find((member) => member.id === userId)?.availability ?? null;
}

function patchAvailability(
  members: TeamMember[] | undefined,
  userId: string,
  availability: Availability,
): TeamMember[] | undefined {
  return members?.map((member) => (member.id === userId ? { ...member, availability } : member));
}

/** POST /profile/availability: shown at once, put back if the server refuses. */
export function useSetAvailability(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (availability: Exclude<Availability, 'offline'>) =>
      (
        await apiRequest(apiPaths.profileAvailability(), {
          method: 'POST',
          body: { availability },
          schema: availabilityResponseSchema,
        })
      ).data.availability,
    onMutate: async (availability) => {
      if (!userId) return { previous: undefined };
      await queryClient.cancelQueries({ queryKey: teamMembersKey });
      const previous = queryClient.getQueryData<TeamMember[]>(teamMembersKey);
      queryClient.setQueryData(teamMembersKey, patchAvailability(previous, userId, availability));
      return { previous };
    },
    onError: (_error, _availability, context) => {
      if (context?.previous) queryClient.setQueryData(teamMembersKey, context.previous);
    },
    onSuccess: (availability) => {
      if (userId) {
        queryClient.setQueryData<TeamMember[]>(teamMembersKey, (members) =>
          patchAvailability(members, userId, availability),
        );
      }
    },
  });
}

/** Keeps everyone's availability dot live (mounted once, by the signed-in layout). */
export function useTeamMembersRealtime(): void {
  const queryClient = useQueryClient();
  useReloadMissedEvents(teamMembersKey);
  useSocketEvent('user:availability', ({ userId, availability }) => {
    queryClient.setQueryData<TeamMember[]>(teamMembersKey, (members) =>
      patchAvailability(members, userId, availability),
    );
  });
}
