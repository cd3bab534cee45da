import type { SystemHealth } from '@atende/contracts';
import { cn } from '@/lib/cn';
import { formatPercent, formatTime } from '@/lib/format';
import { useSystemHealth } from '../api/get-system-health';
import {
  formatResponseTime,
  OVERALL_LABELS,
  SYSTEM_STATUS_LABELS,
  toSystemStatus,
} from '../lib/system-health';
import { Panel } from './panel';

const DOT = {
  operational: 'bg-emerald-500',
  degraded: 'bg-amber-500',
  error: 'bg-red-500',
} as const;

const BAR: Record<SystemHealth['overall'], string> = {
  healthy: 'bg-emerald-500',
  degraded: 'bg-amber-500',
  unhealthy: 'bg-red-500',
};

/** Each system with a status dot, response time and last check; overall health bar. */
export function SystemHealthPanel({ className }: { className?: string }) {
  const health = useSystemHealth();
  return (
    <Panel
      id="system-health-title"
      title="Saúde do Sistema"
      subtitle="Status dos serviços"
      className={className}
    >
      {health.data ? (
        <HealthBody health={health.data} />
      ) : health.isPending ? (
        <HealthSkeleton />
      ) : (
        <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">Status indisponível</p>
      )}
    </Panel>
  );
}

function HealthBody({ health }: { health: SystemHealth }) {
  const percent = formatPercent(health.healthPercentage, 1);
  return (
    <div className="flex flex-1 flex-col gap-4">
      <div>
        <div className="mb-1.5 flex items-baseline justify-between gap-3 text-sm">
          <span className="font-medium text-slate-700 dark:text-slate-300">
            {OVERALL_LABELS[health.overall]}
          </span>
          <span
            className="font-semibold text-slate-900 tabular-nums dark:text-slate-100"
            data-testid="health-percentage"
          >
            {percent}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="Saúde geral do sistema"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={health.healthPercentage}
          aria-valuetext={percent}
          className="h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
        >
          <div
            className={cn('h-full rounded-full transition-[width] duration-500', BAR[health.overall])}
            style={{ width: `${Math.min(100, Math.max(0, health.healthPercentage))}%` }}
          />
        </div>
      </div>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {health.systems.map((system) => {
          const status = toSystemStatus(system.status);
          return (
            <li
              key={system.name}
              className="flex items-center gap-3 py-2.5 text-sm"
              data-testid="health-system"
            >
              <span aria-hidden="true" className={cn('size-2.5 shrink-0 rounded-full', DOT[status])} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-800 dark:text-slate-200">{system.name}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {SYSTEM_STATUS_LABELS[status]} · verificado às {formatTime(system.lastCheck)}
                </p>
              </div>
              <span className="shrink-0 text-xs text-slate-600 tabular-nums dark:text-slate-300">
                {formatResponseTime(system.responseTime)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function HealthSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-col gap-4">
      <div className="h-2 animate-pulse rounded-full bg-slate-100 dark:bg-slate-800" />
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="h-9 animate-pulse rounded bg-slate-100 dark:bg-slate-800" />
      ))}
    </div>
  );
}
