import type { ServiceReport } from '@atende/contracts';
import { formatNumber } from '@/lib/format';
import { averageText, csatText, medianText, rateText } from './service-format';

const COLUMNS = [
  { id: 'conversations', label: 'Conversas' },
  { id: 'csat', label: 'CSAT' },
  { id: 'satisfied', label: 'Satisfeitos' },
  { id: 'answered', label: 'Resp. à pesquisa' },
  { id: 'automation', label: 'Automação' },
  { id: 'first-ai', label: '1ª resposta IA' },
  { id: 'first-human', label: '1ª resposta pessoas' },
  { id: 'resolution', label: 'Resolução IA / pessoas' },
  { id: 'response', label: 'Resposta média' },
  { id: 'handoffs', label: 'Transferências' },
] as const;

type Group = ServiceReport['groups'][number];

function cells(group: Group): Record<(typeof COLUMNS)[number]['id'], string> {
  const f = group.figures;
  const resolution =
    f.resolutionTime.human.count + f.resolutionTime.ai.count === 0
      ? '—'
      : `${medianText(f.resolutionTime.ai)} / ${medianText(f.resolutionTime.human)}`;
  return {
    conversations: formatNumber(f.conversations),
    csat: csatText(f.csat.average),
    satisfied: rateText(f.csat.satisfiedRate),
    answered: rateText(f.csat.responseRate),
    automation: rateText(f.automation.rate),
    'first-ai': medianText(f.firstResponse.ai),
    'first-human': medianText(f.firstResponse.human),
    resolution,
    response: averageText(f.responseTime.all),
    handoffs: formatNumber(f.handoffs.count),
  };
}

/**
 * The service figures side by side, one row per inbox or per person (the AI and "Sem pessoa" as
 * their own rows). Scrolls sideways on a phone; the name column stays put.
 */
export function ServiceComparison({ groups, caption }: { groups: Group[]; caption: string }) {
  if (groups.length === 0) {
    return (
      <p className="py-6 text-center text-slate-500 text-sm dark:text-slate-400">Sem dados no período.</p>
    );
  }
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[860px] text-sm" data-testid="service-comparison">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-slate-200 border-b text-left text-slate-500 text-xs dark:border-slate-800 dark:text-slate-400">
            <th scope="col" className="sticky left-0 bg-white py-2 pr-3 font-medium dark:bg-slate-900">
              Nome
            </th>
            {COLUMNS.map((column) => (
              <th key={column.id} scope="col" className="px-2 py-2 text-right font-medium">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => {
            const values = cells(group);
            return (
              <tr
                key={group.key}
                data-testid={`comparison-${group.key}`}
                className="border-slate-100 border-b last:border-0 dark:border-slate-800/60"
              >
                <th
                  scope="row"
                  className="sticky left-0 max-w-48 truncate bg-white py-2 pr-3 text-left font-medium text-slate-800 dark:bg-slate-900 dark:text-slate-100"
                >
                  {group.label}
                </th>
                {COLUMNS.map((column) => (
                  <td
                    key={column.id}
                    data-col={column.id}
                    className="whitespace-nowrap px-2 py-2 text-right text-slate-700 tabular-nums dark:text-slate-200"
                  >
                    {values[column.id]}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
