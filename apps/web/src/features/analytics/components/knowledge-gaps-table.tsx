import type { AnalyticsReport } from '@atende/contracts';
import { formatNumber, formatRelativeTime } from '@/lib/format';

/** The questions the AI could not answer most often in the range. */
export function KnowledgeGapsTable({ gaps }: { gaps: AnalyticsReport['knowledgeGaps'] }) {
  if (gaps.length === 0) {
    return (
      <p className="text-slate-500 text-sm dark:text-slate-400">Nenhuma lacuna de conhecimento no período.</p>
    );
  }
  return (
    <table className="w-full text-sm">
      <thead>
        <tr className="text-left text-slate-500 text-xs uppercase tracking-wide dark:text-slate-400">
          <th scope="col" className="pb-2 font-medium">
            Pergunta
          </th>
          <th scope="col" className="pb-2 text-right font-medium">
            Vezes
          </th>
          <th scope="col" className="hidden pb-2 text-right font-medium sm:table-cell">
            Última vez
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
        {gaps.map((gap) => (
          <tr key={`${gap.question}-${gap.lastAskedAt}`}>
            <td className="py-2 pr-3 text-slate-800 dark:text-slate-100">{gap.question}</td>
            <td className="py-2 text-right text-slate-600 tabular-nums dark:text-slate-300">
              {formatNumber(gap.count)}
            </td>
            <td className="hidden py-2 text-right text-slate-500 sm:table-cell dark:text-slate-400">
              {formatRelativeTime(gap.lastAskedAt)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
