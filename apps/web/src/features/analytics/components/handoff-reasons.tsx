import type { AnalyticsReport } from '@atende/contracts';
import { formatNumber } from '@/lib/format';

/** Why the agent handed conversations to people, as bars proportional to the count. */
export function HandoffReasons({ reasons }: { reasons: AnalyticsReport['handoffs']['reasons'] }) {
  if (reasons.length === 0) {
    return <p className="text-slate-500 text-sm dark:text-slate-400">Nenhuma transferência no período.</p>;
  }
  const total = reasons.reduce((sum, r) => sum + r.count, 0);
  return (
    <ul className="space-y-3">
      {reasons.map((reason) => {
        const share = (100 * reason.count) / total;
        return (
          <li key={reason.cause}>
            <div className="flex justify-between gap-4 text-sm">
              <span className="text-slate-700 dark:text-slate-200">{reason.label}</span>
              <span className="text-slate-500 tabular-nums dark:text-slate-400">
                {formatNumber(reason.count)} ({formatNumber(share)}%)
              </span>
            </div>
            <div className="mt-1 h-2 rounded-full bg-slate-100 dark:bg-slate-800">
              <div className="h-2 rounded-full bg-amber-500" style={{ width: `${share}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
