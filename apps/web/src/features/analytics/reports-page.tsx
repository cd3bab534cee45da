import {
  apiPaths,
  REPORT_GROUPINGS,
  REPORT_METRICS,
  REPORT_PERIODS,
  type ReportDefinition,
  type ReportGrouping,
  type ReportMetric,
  type ReportPeriod,
} from '@atende/contracts';
import { Download, Save, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SelectField } from '@/components/form/fields';
import { PageContainer, PageHeader } from '@/components/layout/page-header';
import { ReportFilters } from '@/components/service-figures/report-filters';
import {
  Button,
  buttonClasses,
  Card,
  CardContent,
  CardHeader,
  Skeleton,
  Spinner,
  toast,
  useConfirm,
} from '@/components/ui';
import { cn } from '@/lib/cn';
import { describeRange } from '@/lib/date-range';
import { downloadFile } from '@/lib/download';
import { useAuth } from '@/lib/session';
import { useCustomReport } from './api/get-custom-report';
import { useDeleteReport, useSavedReports } from './api/saved-reports';
import { CustomRangeFields } from './components/range-picker';
import { ReportTable } from './components/report-table';
import { SaveReportDialog } from './components/save-report-dialog';
import { definitionFromParams, paramsOf, queryOf, sameDefinition } from './lib/report-definition';

// Chart.js is the heavy part: the table renders before it arrives.
const ReportChart = lazy(() => import('./components/report-chart'));

const METRIC_OPTIONS = (Object.keys(REPORT_METRICS) as ReportMetric[]).map((id) => ({
  value: id,
  label: REPORT_METRICS[id].label,
}));
const GROUPING_OPTIONS = (Object.keys(REPORT_GROUPINGS) as ReportGrouping[]).map((id) => ({
  value: id,
  label: REPORT_GROUPINGS[id],
}));
const PERIOD_OPTIONS = Object.keys(REPORT_PERIODS) as ReportPeriod[];

/**
 * Route component for /analytics/relatorios: a report shaped by whoever looks (metric, grouping, period,
 * filters; all in the URL), its chart and table, its CSV, and the team's saved reports (admins save,
 * change and delete them; everyone opens them).
 */
export default function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const definition = definitionFromParams(params);
  const query = queryOf(definition);
  const report = useCustomReport(query);
  const saved = useSavedReports();
  const remove = useDeleteReport();
  const confirm = useConfirm();
  const isAdmin = useAuth().user?.role === 'admin';
  const [saving, setSaving] = useState<'new' | 'edit' | null>(null);
  const open = saved.data?.find((r) => r.id === params.get('relatorio')) ?? null;
  const changed = open !== null && !sameDefinition(open.definition, definition);

  const show = (next: ReportDefinition, savedId: string | null = open?.id ?? null) =>
    setParams(paramsOf(next, savedId), { replace: true });
  const change = (patch: Partial<ReportDefinition>) => show({ ...definition, ...patch });

  async function exportCsv() {
    try {
      await downloadFile(
        apiPaths.analyticsCustomExport(),
        { ...query },
        `relatorio-${query.metric}-${query.groupBy}.csv`,
      );
    } catch (error) {
      toast.error('Não foi possível exportar', error instanceof Error ? error.message : undefined);
    }
  }

  async function deleteOpen() {
    if (!open) return;
    const ok = await confirm({
      variant: 'error',
      message: `Excluir o relatório "${open.name}" para toda a equipe?`,
      confirmLabel: 'Excluir',
    });
    if (!ok) return;
    await remove.mutateAsync(open.id);
    toast.success('Relatório excluído');
    show(definition, null);
  }

  const data = report.data;
  return (
    <PageContainer>
      <PageHeader
        title="Relatórios"
        description="Escolha a métrica, o agrupamento e os filtros; salve para a equipe."
        actions={
          <Link to="/analytics" className={buttonClasses('sm', 'secondary')}>
            Voltar ao Analytics
          </Link>
        }
      />

      <Card>
        <CardHeader title="Relatórios salvos" as="h2" />
        <CardContent className="pt-3">
          {saved.data === undefined ? (
            <Skeleton className="h-8" />
          ) : saved.data.length === 0 ? (
            <p className="text-slate-500 text-sm dark:text-slate-400">
              Nenhum relatório salvo ainda.{isAdmin ? ' Monte um abaixo e clique em Salvar.' : ''}
            </p>
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label="Relatórios salvos">
              {saved.data.map((r) => (
                <li key={r.id}>
                  <button
                    type="button"
                    aria-pressed={open?.id === r.id}
                    onClick={() => show(r.definition, r.id)}
                    className={cn(
                      'rounded-full border px-3 py-1 text-sm transition-colors',
                      open?.id === r.id
                        ? 'border-indigo-600 bg-indigo-600 text-white'
                        : 'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800',
                    )}
                  >
                    {r.name}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardContent className="space-y-4">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <SelectField
              label="Métrica"
              value={definition.metric}
              onChange={(metric) => change({ metric })}
              options={METRIC_OPTIONS}
            />
            <SelectField
              label="Agrupar por"
              value={definition.groupBy}
              onChange={(groupBy) => change({ groupBy })}
              options={GROUPING_OPTIONS}
            />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <fieldset className="inline-flex flex-wrap gap-0.5 rounded-lg border border-slate-200 bg-white p-0.5 dark:border-slate-700 dark:bg-slate-900">
              <legend className="sr-only">Período</legend>
              {PERIOD_OPTIONS.map((period) => (
                <button
                  key={period}
                  type="button"
                  aria-pressed={definition.period === period}
                  onClick={() =>
                    change(
                      period === 'custom'
                        ? { period, from: query.from, to: query.to }
                        : { period, from: undefined, to: undefined },
                    )
                  }
                  className={cn(
                    'whitespace-nowrap rounded-md px-2.5 py-1 font-medium text-sm transition-colors',
                    definition.period === period
                      ? 'bg-indigo-600 text-white shadow-xs'
                      : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
                  )}
                >
                  {REPORT_PERIODS[period]}
                </button>
              ))}
            </fieldset>
            {definition.period === 'custom' && <CustomRangeFields range={query} onChange={change} />}
          </div>
          <ReportFilters
            value={{ inboxId: definition.inboxId, userId: definition.userId, labelId: definition.labelId }}
            onChange={(filters) => change(filters)}
          />
        </CardContent>
      </Card>

      <Card>
        {/* Title and actions stack on a phone, side by side from sm up. */}
        <div className="flex flex-col gap-3 px-5 pt-5 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h2 className="font-semibold text-base text-slate-900 dark:text-slate-100">
              {open ? `${open.name}${changed ? ' (alterado)' : ''}` : REPORT_METRICS[definition.metric].label}
            </h2>
            <p className="mt-1 text-slate-500 text-sm dark:text-slate-400">
              {`${REPORT_METRICS[definition.metric].label} por ${REPORT_GROUPINGS[definition.groupBy].toLowerCase()} · ${describeRange(query)}`}
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap items-center gap-2">
            <Button variant="ghost" size="sm" onClick={exportCsv} aria-label="Exportar o relatório em CSV">
              <Download className="size-4" aria-hidden />
              CSV
            </Button>
            {isAdmin && open && (
              <Button
                variant="ghost"
                size="sm"
                onClick={deleteOpen}
                aria-label={`Excluir o relatório ${open.name}`}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            )}
            {isAdmin && open && changed && (
              <Button variant="secondary" size="sm" onClick={() => setSaving('edit')}>
                Salvar alterações
              </Button>
            )}
            {isAdmin && (
              <Button size="sm" onClick={() => setSaving('new')}>
                <Save className="size-4" aria-hidden />
                {open ? 'Salvar como novo' : 'Salvar'}
              </Button>
            )}
          </div>
        </div>
        <CardContent>
          {!data ? (
            report.isError ? (
              <div className="py-10 text-center">
                <p className="text-slate-700 dark:text-slate-200">Não foi possível carregar o relatório.</p>
                <Button className="mt-3" variant="secondary" onClick={() => report.refetch()}>
                  Tentar novamente
                </Button>
              </div>
            ) : (
              <Skeleton className="h-80" />
            )
          ) : (
            <div
              className={cn('space-y-6 transition-opacity', report.isPlaceholderData && 'opacity-60')}
              aria-busy={report.isFetching}
            >
              <div style={{ height: 320 }} className="relative" data-testid="report-chart">
                <Suspense
                  fallback={
                    <div className="flex h-full items-center justify-center gap-2 text-slate-500 text-sm">
                      <Spinner size="sm" label={null} /> Carregando gráfico...
                    </div>
                  }
                >
                  <ReportChart report={data} />
                </Suspense>
              </div>
              <ReportTable report={data} />
            </div>
          )}
        </CardContent>
      </Card>

      <SaveReportDialog
        open={saving !== null}
        onOpenChange={(next) => !next && setSaving(null)}
        definition={definition}
        editing={saving === 'edit' && open ? { id: open.id, name: open.name } : null}
        onSaved={(id) => show(definition, id)}
      />
    </PageContainer>
  );
}
