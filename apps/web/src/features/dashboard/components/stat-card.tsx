import {
  Clock,
  type LucideIcon,
  MessageSquare,
  Minus,
  Target,
  TrendingDown,
  TrendingUp,
  Users,
} from 'lucide-react';
import { Card } from '@/components/ui';
import { cn } from '@/lib/cn';
import type {
  ChangeTone,
  ChangeType,
  StatCardFrame,
  StatCardId,
  StatCardModel,
  StatColor,
} from '../lib/stat-cards';

const ICONS: Record<StatCardId, LucideIcon> = {
  conversations: MessageSquare,
  conversion: Target,
  responseTime: Clock,
  activeClients: Users,
};

const ICON_COLORS: Record<StatColor, string> = {
  blue: 'bg-blue-50 text-blue-600 dark:bg-blue-500/15 dark:text-blue-300',
  green: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-500/15 dark:text-emerald-300',
  amber: 'bg-amber-50 text-amber-600 dark:bg-amber-500/15 dark:text-amber-300',
  purple: 'bg-violet-50 text-violet-600 dark:bg-violet-500/15 dark:text-violet-300',
};

const TONE_COLORS: Record<ChangeTone, string> = {
  positive: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300',
  negative: 'bg-red-50 text-red-700 dark:bg-red-500/15 dark:text-red-300',
  neutral: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
};

const TREND_ICONS: Record<ChangeType, LucideIcon> = {
  increase: TrendingUp,
  decrease: TrendingDown,
  neutral: Minus,
};

const PLACEHOLDER = 'animate-pulse bg-slate-100 dark:bg-slate-800';

/**
 * One metric card. Before the data arrives the same box shows its title and icon with
 * placeholders of the exact line heights, so the values fill in without any layout shift.
 */
export function StatCard({ frame, card }: { frame: StatCardFrame; card?: StatCardModel }) {
  const Icon = ICONS[frame.id];
  return (
    <Card
      role="group"
      aria-labelledby={`stat-${frame.id}`}
      aria-busy={card ? undefined : true}
      className="p-5"
      data-testid={card ? `stat-card-${frame.id}` : 'stat-card-skeleton'}
    >
      <div className="flex items-start justify-between gap-3">
        <h3
          id={`stat-${frame.id}`}
          className="text-sm leading-5 font-medium text-slate-600 dark:text-slate-400"
        >
          {frame.title}
        </h3>
        <span className={cn('grid size-9 shrink-0 place-items-center rounded-lg', ICON_COLORS[frame.color])}>
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </div>
      {card ? (
        <p
          className="-mt-1 h-9 text-3xl leading-9 font-semibold tracking-tight text-slate-900 tabular-nums dark:text-slate-50"
          data-testid="stat-value"
        >
          {card.value}
        </p>
      ) : (
        <div aria-hidden="true" className="-mt-1 flex h-9 items-center">
          <span className={cn('h-7 w-20 rounded', PLACEHOLDER)} />
        </div>
      )}
      {card ? (
        <Change change={card.change} />
      ) : (
        <div aria-hidden="true" className="mt-3 flex h-5 items-center">
          <span className={cn('h-4 w-32 rounded-full', PLACEHOLDER)} />
        </div>
      )}
    </Card>
  );
}

function Change({ change }: { change: StatCardModel['change'] }) {
  const Trend = TREND_ICONS[change.type];
  return (
    <p className="mt-3 flex h-5 items-center gap-2 text-xs leading-5" data-change={change.type}>
      <span
        className={cn(
          'inline-flex items-center gap-1 rounded-full px-2 font-medium tabular-nums',
          TONE_COLORS[change.tone],
        )}
        data-tone={change.tone}
      >
        <Trend aria-hidden="true" className="size-3.5" />
        <span className="sr-only">{change.label}</span>
        <span aria-hidden="true">{change.value}</span>
      </span>
      <span aria-hidden="true" className="text-slate-500 dark:text-slate-400" data-testid="stat-period">
        {change.period}
      </span>
    </p>
  );
}
