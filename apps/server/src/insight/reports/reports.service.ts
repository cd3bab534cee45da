import {
  type CustomReport,
  type CustomReportQuery,
  customReportQuerySchema,
  REPORT_AI_KEY,
  REPORT_METRICS,
  REPORT_NOBODY_KEY,
  type ReportMetric,
  type ReportRow,
  type ServiceQuery,
  type ServiceReport,
  serviceQuerySchema,
} from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { ConversationScope } from '../../conversations/visibility/visibility.service.js';
import type { Database } from '../../db/schema.js';
import { toIso } from '../../lib/clock.js';
import { type Family, Tally, tally } from './report-engine.js';
import { backlogFacts, type FactQuery } from './report-facts.js';
import { type Dimension, type Frame, reportFrame, timeBuckets } from './report-frame.js';
import { durationStats, meanOf, rateOf } from './report-math.js';

type Db = Kysely<Database>;

const rangeOf = (frame: Frame) => ({
  from: toIso(frame.range.start),
  to: toIso(frame.range.end),
  days: frame.days.length,
});

/** Names of the keys of a dimension: inboxes, people (the AI, nobody), labels (none). */
async function namesOf(db: Db, dimension: Dimension): Promise<Map<string, string>> {
  switch (dimension) {
    case 'inbox':
      return new Map(
        (await db.selectFrom('inboxes').select(['id', 'name']).execute()).map((r) => [r.id, r.name]),
      );
    case 'operator': {
      const rows = await db.selectFrom('users').select(['id', 'name']).execute();
      return new Map([
        ...rows.map((r): [string, string] => [r.id, r.name]),
        [REPORT_AI_KEY, 'IA'],
        [REPORT_NOBODY_KEY, 'Sem pessoa'],
      ]);
    }
    case 'label': {
      const rows = await db.selectFrom('labels').select(['id', 'name']).execute();
      return new Map([
        ...rows.map((r): [string, string] => [r.id, r.name]),
        [REPORT_NOBODY_KEY, 'Sem etiqueta'],
      ]);
    }
    default:
      return new Map();
  }
}

/**
 * `GET /api/analytics/service`: every service figure over the period (and per inbox or per person),
 * and the backlog now, for what the viewer may count (docs/metrics.md §Service figures).
 */
export async function serviceReport(
  db: Db,
  input: ServiceQuery,
  scope: ConversationScope,
  zone: string,
  now: number,
): Promise<ServiceReport> {
  const query = serviceQuerySchema.parse(input);
  const frame = reportFrame(query, zone, now);
  const filters = { inboxId: query.inboxId, userId: query.userId, labelId: query.labelId };
  const q: FactQuery = { frame, dimension: query.groupBy, filters, scope };
  const families = new Set<Family>(['active', 'resolutions', 'first', 'replies', 'handoffs']);
  const [tallies, backlog, names] = await Promise.all([
    tally(db, q, families),
    backlogFacts(db, { filters, scope }),
    namesOf(db, query.groupBy),
  ]);
  const size = (t: Tally) => t.conversations + t.resolved + t.firstAi.length + t.firstHuman.length;
  return {
    range: rangeOf(frame),
    total: tallies.total.figures(),
    groups: [...tallies.groups.entries()]
      .map(([key, t]) => ({ key, label: names.get(key) ?? 'Removido', figures: t.figures(), size: size(t) }))
      .sort((a, b) => b.size - a.size || a.label.localeCompare(b.label, 'pt-BR'))
      .map(({ size: _size, ...group }) => group),
    backlog: {
      open: backlog.open,
      unassigned: backlog.unassigned,
      waiting: backlog.waiting,
      oldestWaitingSince: backlog.oldest === null ? null : toIso(backlog.oldest),
    },
  };
}

interface MetricShape {
  families: Family[];
  series: Array<{ key: string; label: string; chart: boolean }>;
  countLabel: string;
  values(t: Tally): { values: Record<string, number | null>; count: number };
}

const value = (label: string) => [{ key: 'value', label, chart: true }];

function durations(ai: number[], human: number[]) {
  const all = durationStats([...ai, ...human]);
  const a = durationStats(ai);
  const h = durationStats(human);
  return {
    values: {
      median: all.medianMs,
      p90: all.p90Ms,
      aiMedian: a.medianMs,
      aiP90: a.p90Ms,
      humanMedian: h.medianMs,
      humanP90: h.p90Ms,
    },
    count: all.count,
  };
}

const DURATION_SERIES = (ai: string, human: string) => [
  { key: 'median', label: 'Mediana', chart: false },
  { key: 'p90', label: 'P90', chart: false },
  { key: 'aiMedian', label: `Mediana ${ai}`, chart: true },
  { key: 'aiP90', label: `P90 ${ai}`, chart: false },
  { key: 'humanMedian', label: `Mediana ${human}`, chart: true },
  { key: 'humanP90', label: `P90 ${human}`, chart: false },
];

/** What each metric reads, its columns, and its value from a slice's tally. */
const METRICS: Record<ReportMetric, MetricShape> = {
  conversations: {
    families: ['active'],
    series: value('Conversas'),
    countLabel: 'conversas',
    values: (t) => ({ values: { value: t.conversations }, count: t.conversations }),
  },
  resolved: {
    families: ['resolutions'],
    series: value('Resolvidas'),
    countLabel: 'resoluções',
    values: (t) => ({ values: { value: t.resolved }, count: t.resolved }),
  },
  automationRate: {
    families: ['resolutions'],
    series: value('Taxa de automação'),
    countLabel: 'resoluções',
    values: (t) => ({ values: { value: rateOf(t.automated, t.resolved) }, count: t.resolved }),
  },
  csatAverage: {
    families: ['resolutions'],
    series: value('CSAT médio'),
    countLabel: 'avaliações',
    values: (t) => ({ values: { value: meanOf(t.ratingSum, t.answered) }, count: t.answered }),
  },
  csatSatisfied: {
    families: ['resolutions'],
    series: value('Satisfeitos'),
    countLabel: 'avaliações',
    values: (t) => ({ values: { value: rateOf(t.satisfied, t.answered) }, count: t.answered }),
  },
  csatResponseRate: {
    families: ['resolutions'],
    series: value('Taxa de resposta'),
    countLabel: 'pesquisas enviadas',
    values: (t) => ({ values: { value: rateOf(t.answered, t.sent) }, count: t.sent }),
  },
  firstResponse: {
    families: ['first'],
    series: DURATION_SERIES('IA', 'pessoas'),
    countLabel: 'conversas',
    values: (t) => durations(t.firstAi, t.firstHuman),
  },
  resolutionTime: {
    families: ['resolutions'],
    series: DURATION_SERIES('IA', 'pessoas'),
    countLabel: 'resoluções',
    values: (t) => durations(t.resolutionAi, t.resolutionHuman),
  },
  responseTime: {
    families: ['replies'],
    series: [
      { key: 'average', label: 'Média', chart: false },
      { key: 'aiAverage', label: 'Média IA', chart: true },
      { key: 'humanAverage', label: 'Média pessoas', chart: true },
    ],
    countLabel: 'respostas',
    values: (t) => {
      const mean = (total: number, count: number) => (count === 0 ? null : Math.round(total / count));
      const count = t.replyAi.count + t.replyHuman.count;
      return {
        values: {
          average: mean(t.replyAi.totalMs + t.replyHuman.totalMs, count),
          aiAverage: mean(t.replyAi.totalMs, t.replyAi.count),
          humanAverage: mean(t.replyHuman.totalMs, t.replyHuman.count),
        },
        count,
      };
    },
  },
  handoffs: {
    families: ['handoffs'],
    series: value('Transferências'),
    countLabel: 'transferências',
    values: (t) => ({ values: { value: t.handoffs }, count: t.handoffs }),
  },
  slaBreaches: {
    families: ['sla'],
    series: [
      { key: 'firstResponse', label: 'Primeira resposta', chart: true },
      { key: 'resolution', label: 'Resolução', chart: true },
      { key: 'total', label: 'Total', chart: false },
    ],
    countLabel: 'medidas com meta',
    values: (t) => {
      // No target to measure against is no figure ("—"), never 0.
      const of = (s: { measured: number; breached: number }) => (s.measured === 0 ? null : s.breached);
      const measured = t.slaFirst.measured + t.slaResolution.measured;
      return {
        values: {
          total: measured === 0 ? null : t.slaFirst.breached + t.slaResolution.breached,
          firstResponse: of(t.slaFirst),
          resolution: of(t.slaResolution),
        },
        count: measured,
      };
    },
  },
  handoffRate: {
    families: ['active', 'handoffs'],
    series: value('Taxa de transferência'),
    countLabel: 'conversas',
    values: (t) => ({ values: { value: rateOf(t.handed.size, t.conversations) }, count: t.conversations }),
  },
};

/**
 * `GET /api/analytics/custom`: one metric over the period, grouped by day, week, hour of day, inbox,
 * person or label, filtered (docs/metrics.md §Reports). Time groupings list every bucket, the running
 * one marked partial; the others list the keys that have data, biggest first.
 */
export async function customReport(
  db: Db,
  input: CustomReportQuery,
  scope: ConversationScope,
  zone: string,
  now: number,
): Promise<CustomReport> {
  const query = customReportQuerySchema.parse(input);
  const frame = reportFrame(query, zone, now);
  const shape = METRICS[query.metric];
  const q: FactQuery = {
    frame,
    dimension: query.groupBy,
    filters: { inboxId: query.inboxId, userId: query.userId, labelId: query.labelId },
    scope,
  };
  const [tallies, names] = await Promise.all([
    tally(db, q, new Set(shape.families)),
    namesOf(db, query.groupBy),
  ]);
  const empty = shape.values(new Tally());
  const rowOf = (key: string, label: string, partial: boolean): ReportRow => {
    const t = tallies.groups.get(key);
    return { key, label, partial, ...(t ? shape.values(t) : empty) };
  };
  let rows: ReportRow[];
  if (query.groupBy === 'day' || query.groupBy === 'week' || query.groupBy === 'hour') {
    rows = timeBuckets(frame, query.groupBy).map((b) => rowOf(b.key, b.label, b.partial));
  } else {
    rows = [...tallies.groups.keys()]
      .map((key) => rowOf(key, names.get(key) ?? 'Removido', false))
      .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'pt-BR'));
  }
  return {
    metric: query.metric,
    groupBy: query.groupBy,
    unit: REPORT_METRICS[query.metric].unit,
    range: rangeOf(frame),
    series: shape.series,
    countLabel: shape.countLabel,
    rows,
    total: shape.values(tallies.total),
  };
}
