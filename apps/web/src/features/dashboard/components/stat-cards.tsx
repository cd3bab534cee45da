import { AlertCircle, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { buildStatCards, STAT_CARD_FRAMES } from '../lib/stat-cards';
import { StatCard } from './stat-card';

export const STATS_ERROR = 'Erro ao carregar dados do dashboard';
const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4';

/** The four metric cards: 4-up on desktop, 2-up on tablet, 1-up on phone. */
export function StatCards() {
  return (
    <section aria-labelledby="stat-cards-title">
      <h2 id="stat-cards-title" className="sr-only">
        Indicadores
      </h2>
      <StatCardsBody />
    </section>
  );
}

function StatCardsBody() {
  const stats = useDashboardStats();

  if (stats.isError && !stats.data) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center justify-center gap-3 rounded-lg border border-red-200 bg-red-50 px-6 py-8 text-center dark:border-red-900/60 dark:bg-red-950/40"
        data-testid="stats-error"
      >
        <AlertCircle aria-hidden="true" className="size-6 text-red-600 dark:text-red-400" />
        <div>
          <p className="text-sm font-semibold text-red-800 dark:text-red-200">{STATS_ERROR}</p>
          {stats.error.message && stats.error.message !== STATS_ERROR ? (
            <p className="mt-1 text-sm text-red-700 dark:text-red-300">{stats.error.message}</p>
          ) : null}
        </div>
        <Button variant="danger" onClick={() => void stats.refetch()} disabled={stats.isFetching}>
          <RotateCw aria-hidden="true" className={stats.isFetching ? 'size-4 animate-spin' : 'size-4'} />
          Tentar novamente
        </Button>
      </div>
    );
  }

  const cards = stats.data ? buildStatCards(stats.data) : [];
  return (
    <div className={GRID}>
      {STAT_CARD_FRAMES.map((frame, index) => (
        <StatCard key={frame.id} frame={frame} card={cards[index]} />
      ))}
    </div>
  );
}
