import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui';
import { inboxesKey } from '@/lib/api/get-inboxes';
import { cn } from '@/lib/cn';
import { formatTime } from '@/lib/format';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { useWhatsappStatus } from '../api/get-whatsapp-status';
import { dashboardKeys } from '../api/query-keys';
import { useLastDashboardUpdate } from '../hooks/use-last-update';

/** Title, WhatsApp indicator, time of last update and a refresh button. */
export function DashboardHeader() {
  const queryClient = useQueryClient();
  const stats = useDashboardStats();
  const fetching = useIsFetching({ queryKey: dashboardKeys.all });
  const isLoading = stats.isPending && stats.fetchStatus === 'fetching';
  const isRefreshing = fetching > 0 && !stats.isPending;
  const lastUpdate = useLastDashboardUpdate();
  // The connection card also lists the inboxes, which live outside the dashboard's own keys.
  const onRefresh = () => {
    void queryClient.refetchQueries({ queryKey: dashboardKeys.all });
    void queryClient.refetchQueries({ queryKey: inboxesKey, type: 'active' });
  };
  return (
    <PageHeader
      title="Dashboard"
      description={
        <span className="block h-5" role="status" data-testid="last-update">
          {/* Always one line of text, so the header keeps its shape in the error state too. */}
          {isLoading
            ? 'Carregando dashboard...'
            : `Última atualização: ${lastUpdate ? formatTime(lastUpdate) : '—'}`}
        </span>
      }
      actions={
        <>
          <WhatsappIndicator />
          <Button variant="secondary" onClick={onRefresh} disabled={isRefreshing}>
            <RefreshCw aria-hidden="true" className={cn('size-4', isRefreshing && 'animate-spin')} />
            Atualizar
          </Button>
        </>
      }
    />
  );
}

const INDICATOR = {
  connected: {
    text: 'WhatsApp conectado',
    pill: 'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-500/30 dark:bg-emerald-500/10 dark:text-emerald-300',
    dot: 'bg-emerald-500',
  },
  disconnected: {
    text: 'WhatsApp desconectado',
    pill: 'border-red-200 bg-red-50 text-red-800 dark:border-red-500/30 dark:bg-red-500/10 dark:text-red-300',
    dot: 'bg-red-500',
  },
  unknown: {
    text: 'WhatsApp',
    pill: 'border-slate-200 bg-white text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400',
    dot: 'bg-slate-400',
  },
} as const;

/** Links to the connection card below, where the QR or the reconnect button is. */
function WhatsappIndicator() {
  const whatsapp = useWhatsappStatus();
  const state = whatsapp.data ? (whatsapp.data.connected ? 'connected' : 'disconnected') : 'unknown';
  const style = INDICATOR[state];
  return (
    <a
      href="#whatsapp"
      className={cn(
        'inline-flex h-9 items-center gap-2 rounded-full border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
        style.pill,
      )}
      data-testid="whatsapp-indicator"
    >
      <span aria-hidden="true" className={cn('size-2 rounded-full', style.dot)} />
      {style.text}
    </a>
  );
}
