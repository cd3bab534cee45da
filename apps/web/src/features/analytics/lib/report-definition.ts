import {
  type CustomReportQuery,
  REPORT_GROUPINGS,
  REPORT_METRICS,
  REPORT_PERIODS,
  type ReportDefinition,
  type ReportGrouping,
  type ReportMetric,
  type ReportPeriod,
} from '@atende/contracts';
import { addDays, todayIn } from '@/lib/date-range';

/**
 * A report's definition as the URL keeps it (`metrica`, `agrupar`, `periodo`, `de`, `ate`, and the
 * filters `caixa`, `pessoa`, `etiqueta`), and the query it runs: relative periods end today.
 */

const DAYS: Record<Exclude<ReportPeriod, 'custom'>, number> = { '7d': 7, '30d': 30, '90d': 90 };
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const pick = <T extends string>(value: string | null, allowed: Record<T, unknown>, fallback: T): T =>
  value !== null && Object.hasOwn(allowed, value) ? (value as T) : fallback;

export const DEFAULT_DEFINITION: ReportDefinition = { metric: 'csatAverage', groupBy: 'day', period: '30d' };

export function definitionFromParams(params: URLSearchParams): ReportDefinition {
  const period = pick<ReportPeriod>(params.get('periodo'), REPORT_PERIODS, DEFAULT_DEFINITION.period);
  const from = params.get('de') ?? '';
  const to = params.get('ate') ?? '';
  const custom = period === 'custom' && ISO_DATE.test(from) && ISO_DATE.test(to) && from <= to;
  const definition: ReportDefinition = {
    metric: pick<ReportMetric>(params.get('metrica'), REPORT_METRICS, DEFAULT_DEFINITION.metric),
    groupBy: pick<ReportGrouping>(params.get('agrupar'), REPORT_GROUPINGS, DEFAULT_DEFINITION.groupBy),
    period: custom ? 'custom' : period === 'custom' ? '30d' : period,
    ...(custom ? { from, to } : {}),
  };
  const inboxId = params.get('caixa');
  const userId = params.get('pessoa');
  const labelId = params.get('etiqueta');
  return {
    ...definition,
    ...(inboxId ? { inboxId } : {}),
    ...(userId ? { userId } : {}),
    ...(labelId ? { labelId } : {}),
  };
}

/** The URL of a definition (the saved report's id kept beside it, when one is open). */
export function paramsOf(definition: ReportDefinition, savedId?: string | null): URLSearchParams {
  const p = new URLSearchParams({
    metrica: definition.metric,
    agrupar: definition.groupBy,
    periodo: definition.period,
  });
  if (definition.period === 'custom' && definition.from && definition.to) {
    p.set('de', definition.from);
    p.set('ate', definition.to);
  }
  if (definition.inboxId) p.set('caixa', definition.inboxId);
  if (definition.userId) p.set('pessoa', definition.userId);
  if (definition.labelId) p.set('etiqueta', definition.labelId);
  if (savedId) p.set('relatorio', savedId);
  return p;
}

export function queryOf(definition: ReportDefinition, now: Date = new Date()): CustomReportQuery {
  const to = definition.period === 'custom' && definition.to ? definition.to : todayIn(now);
  const from =
    definition.period === 'custom' && definition.from
      ? definition.from
      : addDays(to, -((DAYS[definition.period as Exclude<ReportPeriod, 'custom'>] ?? 30) - 1));
  return {
    metric: definition.metric,
    groupBy: definition.groupBy,
    from,
    to,
    ...(definition.inboxId ? { inboxId: definition.inboxId } : {}),
    ...(definition.userId ? { userId: definition.userId } : {}),
    ...(definition.labelId ? { labelId: definition.labelId } : {}),
  };
}

/** Two definitions ask for the same report (a saved one left unchanged). */
export function sameDefinition(a: ReportDefinition, b: ReportDefinition): boolean {
  return paramsOf(a).toString() === paramsOf(b).toString();
}
