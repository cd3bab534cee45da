import type { Inbox, WhatsappStatus } from '@atende/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { refetchRacedFetches } from '@/lib/refetch-raced-fetches';
import { useSocketEvent } from '@/lib/socket';
import { useReloadMissedEvents } from '@/lib/use-reload-missed';
import { inboxesKey } from './get-inboxes';

/** One inbox's new connection state; its number follows the link (null until a device is linked). */
export function applyInboxStatus(
  list: Inbox[] | undefined,
  inboxId: string,
  status: WhatsappStatus,
): Inbox[] | undefined {
  if (!list?.some((inbox) => inbox.id === inboxId)) return list;
  return list.map((inbox) =>
    inbox.id === inboxId ? { ...inbox, status, phone: status.phone ?? inbox.phone } : inbox,
  );
}

/**
 * Sockets only notify: `inbox:status` patches every cached inbox list (the QR of a pairing dialog
 * changes with it), `inboxes:changed` refetches them. Lists fetched before the socket joined the
 * dashboard room are reloaded once it has.
 */
export function useInboxesRealtime(): void {
  const queryClient = useQueryClient();
  useReloadMissedEvents(inboxesKey);

  useSocketEvent('inbox:status', ({ inboxId, status }) => {
    refetchRacedFetches(queryClient, inboxesKey);
    for (const [key] of queryClient.getQueriesData<Inbox[]>({ queryKey: inboxesKey })) {
      queryClient.setQueryData<Inbox[]>(key, (list) => applyInboxStatus(list, inboxId, status));
    }
  });

  useSocketEvent('inboxes:changed', () => {
    void queryClient.invalidateQueries({ queryKey: inboxesKey });
  });
}
