import type { Inbox } from '@atende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { inboxesKey } from '@/lib/api/get-inboxes';

/** Puts an inbox the server returned into every cached list, then refetches them (order, removals). */
export function useRefreshInboxes() {
  const queryClient = useQueryClient();
  return useCallback(
    (inbox?: Inbox) => {
      if (inbox) {
        for (const [key] of queryClient.getQueriesData<Inbox[]>({ queryKey: inboxesKey })) {
          queryClient.setQueryData<Inbox[]>(key, (list) => {
            if (!list) return list;
            if (!list.some((item) => item.id === inbox.id)) return [...list, inbox];
            return list.map((item) => (item.id === inbox.id ? inbox : item));
          });
        }
      }
      return queryClient.invalidateQueries({ queryKey: inboxesKey });
    },
    [queryClient],
  );
}
