import type { Activity, ActivityType } from '@atende/contracts';
import { Brain, Headset, type LucideIcon, MessageSquare, Settings, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/format';
import { useRecentActivity } from '../api/get-recent-activity';
import { useNow } from '../hooks/use-now';
import { Panel } from './panel';

const TYPE_STYLES: Record<ActivityType, { icon: LucideIcon; className: string; label: string }> = {
  conversation: {
    icon: MessageSquare,
    label: 'Conversa',
    className: 'bg-blue-50 text-blue-600 dark:bg-blue-500/15 dark:text-blue-300',
  },
  conversion: {
    icon: ShoppingBag,
    label: 'Conversão',
    className: 'bg-emerald-50 text-emerald-600 dark:bg-emerald-500/15 dark:text-emerald-300',
  },
  ai_learning: {
    icon: Brain,
    label: 'Aprendizado da IA',
    className: 'bg-violet-50 text-violet-600 dark:bg-violet-500/15 dark:text-violet-300',
  },
  takeover: {
    icon: Headset,
    label: 'Atendimento humano',
    className: 'bg-amber-50 text-amber-600 dark:bg-amber-500/15 dark:text-amber-300',
  },
  system: {
    icon: Settings,
    label: 'Sistema',
    className: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
  },
};

/** Latest activities (capped at 10), newest first, with relative times. */
export function RecentActivities({ className }: { className?: string }) {
  const activity = useRecentActivity();
  const now = useNow();
  return (
    <Panel
      id="recent-activities-title"
      title="Atividades Recentes"
      subtitle="O que aconteceu por último"
      className={className}
      action={
        <Link to="/analytics" className={buttonClasses('sm', 'ghost')}>
          Ver todas
        </Link>
      }
    >
      {activity.isPending ? (
        <ActivitySkeleton />
      ) : activity.data && activity.data.length > 0 ? (
        <ul className="-my-1 divide-y divide-slate-100 dark:divide-slate-800" data-testid="activity-list">
          {activity.data.map((item) => (
            <ActivityRow key={item.id} item={item} now={now} />
          ))}
        </ul>
      ) : (
        <p className="flex flex-1 items-center justify-center py-8 text-sm text-slate-500 dark:text-slate-400">
          Nenhuma atividade recente
        </p>
      )}
    </Panel>
  );
}

function ActivityRow({ item, now }: { item: Activity; now: Date }) {
  const style = TYPE_STYLES[item.type] ?? TYPE_STYLES.system;
  const Icon = style.icon;
  return (
    <li className="flex gap-3 py-3" data-testid="activity-item" data-type={item.type}>
      <span className={cn('grid size-8 shrink-0 place-items-center rounded-full', style.className)}>
        <Icon aria-hidden="true" className="size-4" />
        <span className="sr-only">{style.label}</span>
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2">
          <p className="truncate text-sm font-medium text-slate-800 dark:text-slate-200">{item.title}</p>
          <time
            dateTime={item.timestamp}
            className="shrink-0 text-xs text-slate-500 tabular-nums dark:text-slate-400"
          >
            {formatRelativeTime(item.timestamp, now)}
          </time>
        </div>
        <p className="line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{item.description}</p>
      </div>
    </li>
  );
}

function ActivitySkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-4">
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="flex gap-3">
          <span className="size-8 animate-pulse rounded-full bg-slate-100 dark:bg-slate-800" />
          <span className="h-10 flex-1 animate-pulse rounded bg-slate-100 dark:bg-slate-800" />
        </div>
      ))}
    </div>
  );
}
