import {
  ackEnvelopeSchema,
  apiPaths,
  type ChangePasswordRequest,
  meResponseSchema,
  revokedSessionsResponseSchema,
  sessionsResponseSchema,
  type UpdateProfileRequest,
} from '@atende/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { updateUser } from '@/lib/session';

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'sessions'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest(apiPaths.profileSessions(), { schema: sessionsResponseSchema, signal })).data,
    // Sessions open and end on other devices: coming back to this tab shows the list as it is now.
    refetchOnWindowFocus: 'always',
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

/** Name and avatar URL; the layout's user updates at once. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: async (body: UpdateProfileRequest) =>
      (await apiRequest(apiPaths.profile(), { method: 'PATCH', body, schema: meResponseSchema })).data,
    onSuccess: (user) => updateUser(user),
  });
}

export function useUploadAvatar() {
  return useMutation({
    mutationFn: async (data: string) =>
      (
        await apiRequest(apiPaths.profileAvatar(), {
          method: 'POST',
          body: { data },
          schema: meResponseSchema,
        })
      ).data,
    onSuccess: (user) => updateUser(user),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      apiRequest(apiPaths.profilePassword(), { method: 'POST', body, schema: ackEnvelopeSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(apiPaths.profileSession(id), {
        method: 'DELETE',
        schema: ackEnvelopeSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await apiRequest(apiPaths.profileSessionsRevokeOthers(), {
          method: 'POST',
          schema: revokedSessionsResponseSchema,
        })
      ).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
