import {
  ackEnvelopeSchema,
  apiPaths,
  type CreateUserRequest,
  type UpdateUserRequest,
  userResponseSchema,
  usersResponseSchema,
} from '@atende/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const usersQueryOptions = () =>
  queryOptions({
    queryKey: ['users'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest(apiPaths.users(), { schema: usersResponseSchema, signal })).data,
  });

export function useUsers() {
  return useQuery(usersQueryOptions());
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: usersQueryOptions().queryKey });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: async (body: CreateUserRequest) =>
      (await apiRequest(apiPaths.users(), { method: 'POST', body, schema: userResponseSchema })).data,
    onSuccess: invalidate,
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: async ({ id, ...body }: UpdateUserRequest & { id: string }) =>
      (
        await apiRequest(apiPaths.user(id), {
          method: 'PATCH',
          body,
          schema: userResponseSchema,
        })
      ).data,
    onSettled: invalidate,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async ({ id, password }: { id: string; password: string }) =>
      apiRequest(apiPaths.userPassword(id), {
        method: 'POST',
        body: { password },
        schema: ackEnvelopeSchema,
      }),
  });
}
