import { apiPaths, type CreateInboxRequest, type Inbox, inboxResponseSchema } from '@atende/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshInboxes } from './inbox-cache';

export async function createInbox(body: CreateInboxRequest): Promise<Inbox> {
  const response = await apiRequest(apiPaths.inboxes(), {
    method: 'POST',
    body,
    schema: inboxResponseSchema,
  });
  return response.data;
}

/** Admin only. Errors are the form's to show (field by field when the server names them). */
export function useCreateInbox() {
  const refresh = useRefreshInboxes();
  return useMutation({ mutationFn: createInbox, onSuccess: (inbox) => refresh(inbox) });
}
