import { Link, useSearchParams } from 'react-router';
import { ServiceCards } from '@/components/service-figures/service-cards';
import { ServiceComparison } from '@/components/service-figures/service-comparison';
import { Skeleton } from '@/components/ui';
import { type ServiceGrouping, useServiceReport } from '@/lib/api/get-service-report';
import { cn } from '@/lib/cn';
import { presetRange } from '@/lib/date-range';
import { useReportFilters } from '@/lib/use-report-filters';
import { useSearchParamsPatch } from '@/lib/use-search-params-patch';
import { Panel } from './panel';

const PERIODS = [
  { id: 'hoje', label: 'Hoje' },
  { id: '7d', label: '7 dias' },
  { id: '30d', label: '30 dias' },
] as const;
type Period = (typeof PERIODS)[number]['id'];

const VIEWS: ReadonlyArray<{ id: ServiceGrouping; label: string }> = [
  { id: 'none', label: 'Resumo' },
  { id: 'inbox', label: 'Por caixa de entrada' },
  { id: 'operator', label: 'Por pessoa' },
];

function Segmented<T extends string>({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: ReadonlyArray<{ id: T; label: string }>;
  value: T;
  onChange(next: T): void;
}) {
  return (
    <fieldset className="inline-flex flex-wrap gap-0.5 rounded-lg border border-slate-200 bg-white p-0.5 dark:border-slate-700 dark:bg-slate-900">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          aria-pressed={value === option.id}
          onClick={() => onChange(option.id)}
          className={cn(
            'whitespace-nowrap rounded-md px-2.5 py-1 font-medium text-sm transition-colors',
            value === option.id
              ? 'bg-indigo-600 text-white shadow-xs'
              : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
          )}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * "Atendimento": CSAT, automation rate, first response and resolution times, hand-offs and the queue,
 * for today or the last 7 or 30 days, filtered by the page's inbox, person and label, in total or side
 * by side per inbox or per person. Period, filters and view are in the URL.
 */
export function ServicePanel() {
  const [params] = useSearchParams();
  const patchParams = useSearchParamsPatch();
  const period = (PERIODS.find((p) => p.id === params.get('periodo'))?.id ?? '7d') as Period;
  const view = (VIEWS.find((v) => v.id === params.get('comparar'))?.id ?? 'none') as ServiceGrouping;
  const [filters] = useReportFilters();
  const range = presetRange(period);
  const report = useServiceReport(range, filters, view);
  const setParam = (name: string, value: string | null) => patchParams({ [name]: value });
  const data = report.data;
  return (
    <Panel
      id="service"
      title="Atendimento"
      subtitle="Satisfação, automação, tempos e fila"
      action={
        <Link
          to="/analytics/relatorios"
          className="whitespace-nowrap font-medium text-indigo-600 text-sm hover:underline dark:text-indigo-400"
        >
          Relatórios
        </Link>
      }
    >
      <div className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <Segmented
            legend="Período"
            options={PERIODS}
            value={period}
            onChange={(p) => setParam('periodo', p)}
          />
          <Segmented
            legend="Comparar"
            options={VIEWS}
            value={view}
            onChange={(v) => setParam('comparar', v === 'none' ? null : v)}
          />
        </div>
        {!data ? (
          report.isError ? (
            <p className="text-red-700 text-sm dark:text-red-300">
              Erro ao carregar os números do atendimento
            </p>
          ) : (
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {['a', 'b', 'c'].map((k) => (
                <Skeleton key={k} className="h-28" />
              ))}
            </div>
          )
        ) : (
          <div
            className={cn('transition-opacity', report.isPlaceholderData && 'opacity-60')}
            aria-busy={report.isFetching}
          >
            {view === 'none' ? (
              <ServiceCards figures={data.total} backlog={data.backlog} />
            ) : (
              <ServiceComparison
                groups={data.groups}
                caption={view === 'inbox' ? 'Números por caixa de entrada' : 'Números por pessoa'}
              />
            )}
          </div>
        )}
      </div>
    </Panel>
  );
}
