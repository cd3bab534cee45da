import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '@/lib/socket';
import { useReloadMissedEvents } from '@/lib/use-reload-missed';
import { cannedRepliesKey } from './get-canned-replies';
import { labelsKey } from './get-labels';

/**
 * Admins change the labels and canned replies while operators work: the server says so, and every
 * screen holding a copy refetches it (mounted once, by the signed-in layout).
 */
export function useTeamListsRealtime(): void {
  const queryClient = useQueryClient();
  useReloadMissedEvents(labelsKey);
  useReloadMissedEvents(cannedRepliesKey);
  useSocketEvent('labels:changed', () => void queryClient.invalidateQueries({ queryKey: labelsKey }));
  useSocketEvent(
    'canned-replies:changed',
    () => void queryClient.invalidateQueries({ queryKey: cannedRepliesKey }),
  );
}
