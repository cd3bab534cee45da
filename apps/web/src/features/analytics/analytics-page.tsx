import type { AnalyticsReport } from '@atende/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { ReportFilters } from '@/components/service-figures/report-filters';
import { ServiceCards } from '@/components/service-figures/service-cards';
import { ServiceComparison } from '@/components/service-figures/service-comparison';
import { Button, buttonClasses, Card, CardContent, CardHeader, Skeleton, Spinner } from '@/components/ui';
import { type ServiceGrouping, useServiceReport } from '@/lib/api/get-service-report';
import { cn } from '@/lib/cn';
import { type DateRange, describeRange, type RangePreset, rangeFromParams } from '@/lib/date-range';
import { formatDuration } from '@/lib/format';
import { useReportFilters } from '@/lib/use-report-filters';
import { useSearchParamsPatch } from '@/lib/use-search-params-patch';
import { useAnalyticsReport } from './api/get-analytics-report';
import { BusiestHours } from './components/busiest-hours';
import { ClarificationOutcomes } from './components/clarification-outcomes';
import { ExportButton } from './components/export-button';
import { HandoffReasons } from './components/handoff-reasons';
import { KnowledgeGapsTable } from './components/knowledge-gaps-table';
import { RangePicker } from './components/range-picker';
import { SummaryCards } from './components/summary-cards';

// Chart.js is the heavy part of the screen: the figures render before it arrives.
const PerDayChart = lazy(() =>
  import('./components/analytics-charts').then((m) => ({ default: m.PerDayChart })),
);
const ResponseTimeChart = lazy(() =>
  import('./components/analytics-charts').then((m) => ({ default: m.ResponseTimeChart })),
);

function ChartBox({ height, children }: { height: number; children: ReactNode }) {
  return (
    <div style={{ height }} className="relative">
      <Suspense
        fallback={
          <div className="flex h-full items-center justify-center gap-2 text-slate-500 text-sm">
            <Spinner size="sm" label={null} /> Carregando gráfico...
          </div>
        }
      >
        {children}
      </Suspense>
    </div>
  );
}

function ResponseFigures({ report }: { report: AnalyticsReport }) {
  const rows = [
    ['Primeira resposta', report.responseTime.firstAi, report.responseTime.firstHuman],
    ['Tempo médio de resposta', report.responseTime.averageAi, report.responseTime.averageHuman],
  ] as const;
  const show = (s: { seconds: number | null; count: number }) =>
    s.seconds === null ? '—' : formatDuration(s.seconds * 1000);
  return (
    <table className="mt-4 w-full text-sm">
      <thead>
        <tr className="text-left text-slate-500 text-xs uppercase tracking-wide dark:text-slate-400">
          <th scope="col" className="pb-1 font-medium" />
          <th scope="col" className="pb-1 text-right font-medium">
            IA
          </th>
          <th scope="col" className="pb-1 text-right font-medium">
            Humano
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, ai, human]) => (
          <tr key={label}>
            <th scope="row" className="py-1 text-left font-normal text-slate-700 dark:text-slate-200">
              {label}
            </th>
            <td className="py-1 text-right text-slate-900 tabular-nums dark:text-slate-100">{show(ai)}</td>
            <td className="py-1 text-right text-slate-900 tabular-nums dark:text-slate-100">{show(human)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The service figures of the range with the filters, in total or per inbox or per person. */
function ServiceSection({ range, grouping }: { range: DateRange; grouping: ServiceGrouping }) {
  const [filters] = useReportFilters();
  const service = useServiceReport(range, filters, grouping);
  const data = service.data;
  if (!data) {
    return service.isError ? (
      <p className="text-red-700 text-sm dark:text-red-300">Erro ao carregar os números do atendimento</p>
    ) : (
      <Skeleton className="h-40" />
    );
  }
  return (
    <div
      className={cn('transition-opacity', service.isPlaceholderData && 'opacity-60')}
      aria-busy={service.isFetching}
    >
      {grouping === 'none' ? (
        <ServiceCards figures={data.total} backlog={data.backlog} />
      ) : (
        <ServiceComparison
          groups={data.groups}
          caption={grouping === 'inbox' ? 'Números por caixa de entrada' : 'Números por pessoa'}
        />
      )}
    </div>
  );
}

/** Route component for /analytics: every figure for a date range, AI vs human, each exportable as CSV. */
export default function AnalyticsPage() {
  const [params] = useSearchParams();
  const patchParams = useSearchParamsPatch();
  const { preset, range } = rangeFromParams(params);
  const [filters, setFilters] = useReportFilters();
  const report = useAnalyticsReport(range, filters);

  const choosePreset = (next: RangePreset) =>
    patchParams(
      next === 'personalizado'
        ? { periodo: next, de: range.from, ate: range.to }
        : { periodo: next, de: null, ate: null },
      { replace: true },
    );
  const chooseCustom = (next: DateRange) =>
    patchParams({ periodo: 'personalizado', de: next.from, ate: next.to });

  const data = report.data;
  return (
    <PageContainer>
      <PageHeader
        title="Analytics"
        description={`Desempenho do atendimento de ${describeRange(range)}`}
        actions={
          <>
            <Link to="/analytics/relatorios" className={buttonClasses('sm', 'secondary')}>
              Relatórios
            </Link>
            {data && (
              <ExportButton
                table="conversas"
                range={range}
                filters={filters}
                label="as conversas do período"
              />
            )}
          </>
        }
      />
      <RangePicker preset={preset} range={range} onPreset={choosePreset} onCustom={chooseCustom} />
      <ReportFilters value={filters} onChange={setFilters} />

      <section aria-labelledby="service-title" className="space-y-4">
        <h2 id="service-title" className="font-semibold text-lg text-slate-900 dark:text-white">
          Atendimento
        </h2>
        <ServiceSection range={range} grouping="none" />
        <Card>
          <CardHeader
            title="Por caixa de entrada"
            description="Cada número lado a lado, com os filtros acima"
          />
          <CardContent>
            <ServiceSection range={range} grouping="inbox" />
          </CardContent>
        </Card>
        <Card>
          <CardHeader
            title="Por pessoa"
            description="Quem resolveu, respondeu primeiro ou respondeu; a IA e as resoluções sem pessoa à parte"
          />
          <CardContent>
            <ServiceSection range={range} grouping="operator" />
          </CardContent>
        </Card>
      </section>

      <h2 className="pt-2 font-semibold text-lg text-slate-900 dark:text-white">Conversas e IA</h2>

      {report.isError && !data ? (
        <Card className="p-6 text-center">
          <p className="text-slate-700 dark:text-slate-200">Não foi possível carregar os dados do período.</p>
          <Button className="mt-3" variant="secondary" onClick={() => report.refetch()}>
            Tentar novamente
          </Button>
        </Card>
      ) : !data ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {['a', 'b', 'c', 'd'].map((k) => (
            <Skeleton key={k} className="h-28" />
          ))}
        </div>
      ) : (
        <div
          className={cn('space-y-6 transition-opacity', report.isPlaceholderData && 'opacity-60')}
          aria-busy={report.isFetching}
        >
          <SummaryCards report={data} />

          <Card>
            <CardHeader
              title="Conversas por dia"
              description="Conversas com mensagem de cliente, conversões e transferências"
              actions={
                <ExportButton table="por-dia" range={range} filters={filters} label="a série por dia" />
              }
            />
            <CardContent>
              <ChartBox height={300}>
                <PerDayChart perDay={data.perDay} />
              </ChartBox>
            </CardContent>
          </Card>

          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader
                title="Tempo de resposta: IA x humano"
                description="Tempo até a primeira resposta e tempo médio de resposta"
                actions={<ExportButton table="resumo" range={range} filters={filters} label="o resumo" />}
              />
              <CardContent>
                <ChartBox height={220}>
                  <ResponseTimeChart responseTime={data.responseTime} />
                </ChartBox>
                <ResponseFigures report={data} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader
                title="Motivos de transferência"
                description={`${data.handoffs.count.toLocaleString('pt-BR')} transferências da IA para a equipe`}
                actions={
                  <ExportButton
                    table="transferencias"
                    range={range}
                    filters={filters}
                    label="os motivos de transferência"
                  />
                }
              />
              <CardContent>
                <HandoffReasons reasons={data.handoffs.reasons} />
              </CardContent>
            </Card>
          </div>

          <Card>
            <CardHeader
              title="Perguntas de esclarecimento"
              description={`${data.clarifications.count.toLocaleString('pt-BR')} vezes a IA perguntou qual assunto o cliente quis dizer, e como terminou`}
            />
            <CardContent>
              <ClarificationOutcomes clarifications={data.clarifications} />
            </CardContent>
          </Card>

          <Card>
            <CardHeader
              title="Horários de maior movimento"
              description="Mensagens de clientes por dia da semana e hora (horário de Brasília)"
              actions={<ExportButton table="horarios" range={range} filters={filters} label="os horários" />}
            />
            <CardContent>
              <BusiestHours heatmap={data.heatmap} />
            </CardContent>
          </Card>

          <Card>
            <CardHeader
              title="Principais lacunas de conhecimento"
              description="Perguntas que a IA não soube responder no período"
              actions={<ExportButton table="lacunas" range={range} filters={filters} label="as lacunas" />}
            />
            <CardContent>
              <KnowledgeGapsTable gaps={data.knowledgeGaps} />
            </CardContent>
          </Card>
        </div>
      )}
    </PageContainer>
  );
}
