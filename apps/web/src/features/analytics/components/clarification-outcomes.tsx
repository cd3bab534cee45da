import type { AnalyticsReport } from '@atende/contracts';
import { formatNumber } from '@/lib/format';

/** The agent's clarifying questions and how they ended, as bars proportional to the count. */
export function ClarificationOutcomes({
  clarifications,
}: {
  clarifications: AnalyticsReport['clarifications'];
}) {
  if (clarifications.count === 0) {
    return (
      <p className="text-slate-500 text-sm dark:text-slate-400">
        Nenhuma pergunta de esclarecimento no período.
      </p>
    );
  }
  return (
    <ul className="space-y-3" data-testid="clarification-outcomes">
      {clarifications.outcomes.map((o) => {
        const share = (100 * o.count) / clarifications.count;
        return (
          <li key={o.outcome}>
            <div className="flex justify-between gap-4 text-sm">
              <span className="text-slate-700 dark:text-slate-200">{o.label}</span>
              <span className="text-slate-500 tabular-nums dark:text-slate-400">
                {formatNumber(o.count)} ({formatNumber(share)}%)
              </span>
            </div>
            <div className="mt-1 h-2 rounded-full bg-slate-100 dark:bg-slate-800">
              <div className="h-2 rounded-full bg-indigo-500" style={{ width: `${share}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
