import { apiPaths, takeoverResponseSchema, usersResponseSchema } from '@atende/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { errorReason, notify } from '../hooks/use-notify';
import { upsertConversation } from '../realtime/cache-updates';

/** The people an admin can hand a conversation to: active team members (GET /users, admin). */
export function useAssignableUsers(enabled: boolean) {
  return useQuery({
    queryKey: ['users'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest(apiPaths.users(), { schema: usersResponseSchema, signal })).data,
    enabled,
    select: (users) => users.filter((user) => !user.disabled),
  });
}

/**
 * POST /conversations/{id}/assign (admin): the person then holds the conversation as after a takeover.
 * The outcome is told here, not by the caller: the menu that asks closes before the answer arrives.
 */
export function useAssignConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ conversationId, userId }: { conversationId: string; userId: string }) =>
      apiRequest(apiPaths.conversationAssign(conversationId), {
        method: 'POST',
        body: { userId },
        schema: takeoverResponseSchema,
      }),
    onSuccess: (response) => {
      upsertConversation(qc, response.data);
      notify.success(response.message ?? 'Conversa atribuída');
    },
    onError: (error) => notify.error(errorReason(error)),
  });
}
