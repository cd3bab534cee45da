import { apiPaths, type Inbox, inboxResponseSchema, type UpdateInboxRequest } from '@atende/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshInboxes } from './inbox-cache';

export interface UpdateInboxInput {
  id: string;
  changes: UpdateInboxRequest;
}

/** A secret left out of `settings` keeps the stored one. */
export async function updateInbox({ id, changes }: UpdateInboxInput): Promise<Inbox> {
  const response = await apiRequest(apiPaths.inbox(id), {
    method: 'PATCH',
    body: changes,
    schema: inboxResponseSchema,
  });
  return response.data;
}

/** Admin only. Errors are the caller's to show (a form's fields, or a toast for the agent switch). */
export function useUpdateInbox() {
  const refresh = useRefreshInboxes();
  return useMutation({ mutationFn: updateInbox, onSuccess: (inbox) => refresh(inbox) });
}
