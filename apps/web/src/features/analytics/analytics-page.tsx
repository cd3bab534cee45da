import type { AnalyticsReport } from '@atende/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { Button, Card, CardContent, CardHeader, Skeleton, Spinner } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useAnalyticsReport } from './api/get-analytics-report';
import { BusiestHours } from './components/busiest-hours';
import { ClarificationOutcomes } from './components/clarification-outcomes';
import { ExportButton } from './components/export-button';
import { HandoffReasons } from './components/handoff-reasons';
import { KnowledgeGapsTable } from './components/knowledge-gaps-table';
import { RangePicker } from './components/range-picker';
import { SummaryCards } from './components/summary-cards';
import { type DateRange, describeRange, type RangePreset, rangeFromParams } from './lib/date-range';

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
    s.seconds === null ? '—' : `${s.seconds.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} s`;
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

/** Route component for /analytics: every figure for a date range, AI vs human, each exportable as CSV. */
export default function AnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const { preset, range } = rangeFromParams(params);
  const report = useAnalyticsReport(range);

  const choosePreset = (next: RangePreset) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        p.set('periodo', next);
        if (next === 'personalizado') {
          p.set('de', range.from);
          p.set('ate', range.to);
        } else {
          p.delete('de');
          p.delete('ate');
        }
        return p;
      },
      { replace: true },
    );
  const chooseCustom = (next: DateRange) =>
    setParams({ periodo: 'personalizado', de: next.from, ate: next.to }, { replace: true });

  const data = report.data;
  return (
    <PageContainer>
      <PageHeader
        title="Analytics"
        description={`Desempenho do atendimento de ${describeRange(range)}`}
        actions={data && <ExportButton table="conversas" range={range} label="as conversas do período" />}
      />
      <RangePicker preset={preset} range={range} onPreset={choosePreset} onCustom={chooseCustom} />

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
              actions={<ExportButton table="por-dia" range={range} label="a série por dia" />}
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
                description="Segundos até a primeira resposta e tempo médio de resposta"
                actions={<ExportButton table="resumo" range={range} label="o resumo" />}
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
                  <ExportButton table="transferencias" range={range} label="os motivos de transferência" />
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
              actions={<ExportButton table="horarios" range={range} label="os horários" />}
            />
            <CardContent>
              <BusiestHours heatmap={data.heatmap} />
            </CardContent>
          </Card>

          <Card>
            <CardHeader
              title="Principais lacunas de conhecimento"
              description="Perguntas que a IA não soube responder no período"
              actions={<ExportButton table="lacunas" range={range} label="as lacunas" />}
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
