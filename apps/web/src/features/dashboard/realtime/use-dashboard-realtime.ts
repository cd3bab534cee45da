import { useQueryClient } from '@tanstack/react-query';
import { useInboxesRealtime } from '@/lib/api/use-inboxes-realtime';
import { refetchRacedFetches } from '@/lib/refetch-raced-fetches';
import { useSocketEvent } from '@/lib/socket';
import { useReloadMissedEvents } from '@/lib/use-reload-missed';
import { getDashboardChartsQueryOptions } from '../api/get-dashboard-charts';
import { getDashboardStatsQueryOptions } from '../api/get-dashboard-stats';
import { getRecentActivityQueryOptions } from '../api/get-recent-activity';
import { getSystemHealthQueryOptions } from '../api/get-system-health';
import { getWhatsappStatusQueryOptions } from '../api/get-whatsapp-status';
import { dashboardKeys, isFilteredKey } from '../api/query-keys';
import {
  applyWhatsappDisconnected,
  applyWhatsappQr,
  applyWhatsappReady,
  prependActivity,
} from './cache-updates';

const statsKey = getDashboardStatsQueryOptions().queryKey;
const chartsKey = getDashboardChartsQueryOptions().queryKey;
const healthKey = getSystemHealthQueryOptions().queryKey;
const activityKey = getRecentActivityQueryOptions().queryKey;
const whatsappKey = getWhatsappStatusQueryOptions().queryKey;

/** Sockets only notify: every dashboard event lands in TanStack Query's cache. */
export function useDashboardRealtime(): void {
  const queryClient = useQueryClient();
  useReloadMissedEvents(dashboardKeys.all);
  // The connection card lists every inbox with its state.
  useInboxesRealtime();

  // The push carries the unfiltered figures; filtered ones are fetched again with their filters.
  useSocketEvent('system:metrics', ({ stats, charts }) => {
    queryClient.setQueryData(statsKey, stats);
    queryClient.setQueryData(chartsKey, charts);
    for (const queryKey of [dashboardKeys.stats(), dashboardKeys.charts()]) {
      void queryClient.invalidateQueries({
        queryKey: queryKey.slice(0, 2),
        predicate: (query) => isFilteredKey(query.queryKey),
      });
    }
  });

  // A dashboard limited to some inboxes is told only that its figures changed: it fetches them.
  useSocketEvent('metrics:changed', () => {
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.stats().slice(0, 2) });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.charts().slice(0, 2) });
  });

  useSocketEvent('system:health', (health) => {
    queryClient.setQueryData(healthKey, health);
  });

  useSocketEvent('analytics:update', (activity) => {
    refetchRacedFetches(queryClient, activityKey);
    queryClient.setQueryData(activityKey, (list) => prependActivity(list, activity));
  });

  useSocketEvent('whatsapp:status', (status) => {
    queryClient.setQueryData(whatsappKey, status);
  });

  useSocketEvent('whatsapp:qr', ({ qr }) => {
    queryClient.setQueryData(whatsappKey, (status) => applyWhatsappQr(status, qr));
    // The simulator's pairing code travels with the status, not with the QR event.
    void queryClient.invalidateQueries({ queryKey: whatsappKey });
  });

  useSocketEvent('whatsapp:ready', ({ phone }) => {
    queryClient.setQueryData(whatsappKey, (status) => applyWhatsappReady(status, phone));
  });

  // Removing the first inbox makes another one primary: the card's status is then that one's.
  useSocketEvent('inboxes:changed', () => {
    void queryClient.invalidateQueries({ queryKey: whatsappKey });
  });

  useSocketEvent('whatsapp:disconnected', () => {
    queryClient.setQueryData(whatsappKey, applyWhatsappDisconnected);
    void queryClient.invalidateQueries({ queryKey: whatsappKey });
  });
}
