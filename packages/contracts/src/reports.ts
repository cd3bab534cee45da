import { z } from 'zod';
import { analyticsRangeQuerySchema } from './analytics-report.js';
import { idSchema, isoDateSchema } from './common.js';
import { okEnvelope } from './envelope.js';
import { inboxIdSchema } from './inboxes.js';

/**
 * The service figures a manager asks for (docs/metrics.md §Service figures) and the reports people
 * shape from them: a metric, a grouping, filters; saved by name for the whole team.
 */

/** How a metric's values read: counts, percents (0–100), a 1–5 score, durations in ms. */
export const reportUnitSchema = z.enum(['count', 'percent', 'score', 'duration']);
export type ReportUnit = z.infer<typeof reportUnitSchema>;

export const REPORT_METRICS = {
  conversations: { label: 'Conversas', unit: 'count' },
  resolved: { label: 'Conversas resolvidas', unit: 'count' },
  automationRate: { label: 'Taxa de automação', unit: 'percent' },
  csatAverage: { label: 'CSAT médio', unit: 'score' },
  csatSatisfied: { label: 'Clientes satisfeitos', unit: 'percent' },
  csatResponseRate: { label: 'Taxa de resposta da pesquisa', unit: 'percent' },
  firstResponse: { label: 'Primeira resposta', unit: 'duration' },
  resolutionTime: { label: 'Tempo de resolução', unit: 'duration' },
  responseTime: { label: 'Tempo médio de resposta', unit: 'duration' },
  handoffs: { label: 'Transferências', unit: 'count' },
  handoffRate: { label: 'Taxa de transferência', unit: 'percent' },
  slaBreaches: { label: 'Metas de tempo estouradas', unit: 'count' },
} as const satisfies Record<string, { label: string; unit: ReportUnit }>;
export type ReportMetric = keyof typeof REPORT_METRICS;
export const reportMetricSchema = z.enum(Object.keys(REPORT_METRICS) as [ReportMetric, ...ReportMetric[]]);

export const REPORT_GROUPINGS = {
  day: 'Dia',
  week: 'Semana',
  hour: 'Hora do dia',
  inbox: 'Caixa de entrada',
  operator: 'Pessoa',
  label: 'Etiqueta',
} as const;
export type ReportGrouping = keyof typeof REPORT_GROUPINGS;
export const reportGroupingSchema = z.enum(
  Object.keys(REPORT_GROUPINGS) as [ReportGrouping, ...ReportGrouping[]],
);

/** The figures' filters: one inbox, one person, one label (each optional). */
export const reportFiltersSchema = z.object({
  inboxId: inboxIdSchema.optional(),
  userId: idSchema.optional(),
  labelId: idSchema.optional(),
});
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

/**
 * `GET /api/analytics/report` and its CSV exports: a range of local days and the figures' filters
 * (the conversation's inbox, person and label).
 */
export const analyticsReportQuerySchema = analyticsRangeQuerySchema.extend(reportFiltersSchema.shape);
export type AnalyticsReportQuery = z.infer<typeof analyticsReportQuerySchema>;

/** Grouping keys that are not a person: the AI, and resolutions no person took part in. */
export const REPORT_AI_KEY = 'ai';
export const REPORT_NOBODY_KEY = 'none';

/** A duration figure: median and 90th percentile (ms), over `count` measurements. */
export const durationStatsSchema = z.object({
  medianMs: z.number().nullable(),
  p90Ms: z.number().nullable(),
  count: z.number().int(),
});
export type DurationStats = z.infer<typeof durationStatsSchema>;

/** Every service figure of one slice (the whole period, an inbox, a person). */
export const serviceFiguresSchema = z.object({
  conversations: z.number().int(),
  csat: z.object({
    /** Mean rating (1–5, two decimals); null without any answer. */
    average: z.number().nullable(),
    /** % of answers rated 4 or 5; null without any answer. */
    satisfiedRate: z.number().nullable(),
    /** % of sent surveys answered; null when none was sent. */
    responseRate: z.number().nullable(),
    responses: z.number().int(),
    sent: z.number().int(),
    /** Not sent because the Cloud API's 24-hour window had closed. */
    skippedWindow: z.number().int(),
    /** Not sent for any other reason (opted out, erased, switched off, reopened first…). */
    skippedOther: z.number().int(),
  }),
  automation: z.object({
    /** % of resolutions with no person involved; null without resolutions. */
    rate: z.number().nullable(),
    automated: z.number().int(),
    resolved: z.number().int(),
  }),
  /** First reply of conversations started in the period, by the AI and by people. */
  firstResponse: z.object({ ai: durationStatsSchema, human: durationStatsSchema }),
  /** Resolutions in the period: with no person (`ai`) and with a person (`human`). */
  resolutionTime: z.object({ ai: durationStatsSchema, human: durationStatsSchema }),
  /** Mean response time of our replies (ms): all of them, and by who wrote them. */
  responseTime: z.object({
    all: z.object({ averageMs: z.number().nullable(), count: z.number().int() }),
    ai: z.object({ averageMs: z.number().nullable(), count: z.number().int() }),
    human: z.object({ averageMs: z.number().nullable(), count: z.number().int() }),
  }),
  handoffs: z.object({
    count: z.number().int(),
    /** Conversations handed off, as % of the active ones. */
    rate: z.number(),
    reasons: z.array(z.object({ cause: z.string(), label: z.string(), count: z.number().int() })),
  }),
});
export type ServiceFigures = z.infer<typeof serviceFiguresSchema>;

/** Open work now (not a period): filtered by inbox, person (held by them) and label. */
export const backlogSchema = z.object({
  open: z.number().int(),
  /** Open and waiting for a person nobody has taken yet. */
  unassigned: z.number().int(),
  /** Open conversations whose customer waits for our reply. */
  waiting: z.number().int(),
  /** The first unanswered message of the customer waiting longest; null when nobody waits. */
  oldestWaitingSince: isoDateSchema.nullable(),
});
export type Backlog = z.infer<typeof backlogSchema>;

export const serviceGroupingSchema = z.enum(['none', 'inbox', 'operator']);
export const serviceQuerySchema = analyticsRangeQuerySchema.extend({
  ...reportFiltersSchema.shape,
  groupBy: serviceGroupingSchema.default('none'),
});
export type ServiceQuery = z.input<typeof serviceQuerySchema>;

export const serviceReportSchema = z.object({
  range: z.object({ from: isoDateSchema, to: isoDateSchema, days: z.number().int() }),
  total: serviceFiguresSchema,
  /** Per inbox or per person when grouped, biggest first. */
  groups: z.array(z.object({ key: z.string(), label: z.string(), figures: serviceFiguresSchema })),
  backlog: backlogSchema,
});
export type ServiceReport = z.infer<typeof serviceReportSchema>;
export const serviceReportResponseSchema = okEnvelope(serviceReportSchema);

/** `GET /api/analytics/custom`: one metric, grouped, over a range, filtered. */
export const customReportQuerySchema = analyticsRangeQuerySchema.extend({
  ...reportFiltersSchema.shape,
  metric: reportMetricSchema,
  groupBy: reportGroupingSchema,
});
export type CustomReportQuery = z.input<typeof customReportQuerySchema>;

export const reportRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** The bucket still running (today, this week): drawn as partial, never as a drop. */
  partial: z.boolean(),
  values: z.record(z.string(), z.number().nullable()),
  /** What the figure is measured over (conversations, resolutions, answers, replies). */
  count: z.number().int(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const customReportSchema = z.object({
  metric: reportMetricSchema,
  groupBy: reportGroupingSchema,
  unit: reportUnitSchema,
  range: z.object({ from: isoDateSchema, to: isoDateSchema, days: z.number().int() }),
  /** The columns of `values`; `chart` ones are drawn. */
  series: z.array(z.object({ key: z.string(), label: z.string(), chart: z.boolean() })),
  /** What `count` counts, in pt-BR ("conversas", "avaliações"). */
  countLabel: z.string(),
  rows: z.array(reportRowSchema),
  total: z.object({ values: z.record(z.string(), z.number().nullable()), count: z.number().int() }),
});
export type CustomReport = z.infer<typeof customReportSchema>;
export const customReportResponseSchema = okEnvelope(customReportSchema);

/** Periods a saved report keeps: relative ones move with the calendar, `custom` keeps its dates. */
export const REPORT_PERIODS = {
  '7d': 'Últimos 7 dias',
  '30d': 'Últimos 30 dias',
  '90d': 'Últimos 90 dias',
  custom: 'Personalizado',
} as const;
export const reportPeriodSchema = z.enum(['7d', '30d', '90d', 'custom']);
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

export const reportDefinitionSchema = reportFiltersSchema
  .extend({
    metric: reportMetricSchema,
    groupBy: reportGroupingSchema,
    period: reportPeriodSchema,
    from: analyticsRangeQuerySchema.shape.from.optional(),
    to: analyticsRangeQuerySchema.shape.to.optional(),
  })
  .refine((d) => d.period !== 'custom' || (d.from !== undefined && d.to !== undefined), {
    message: 'Informe as datas do período',
    path: ['from'],
  });
export type ReportDefinition = z.infer<typeof reportDefinitionSchema>;

export const savedReportSchema = z.object({
  id: idSchema,
  name: z.string(),
  definition: reportDefinitionSchema,
  createdBy: z.object({ id: idSchema, name: z.string() }).nullable(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type SavedReport = z.infer<typeof savedReportSchema>;
export const savedReportsResponseSchema = okEnvelope(z.array(savedReportSchema));
export const savedReportResponseSchema = okEnvelope(savedReportSchema);

export const REPORT_NAME_MAX = 80;
export const savedReportInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Dê um nome ao relatório')
      .max(REPORT_NAME_MAX, `Máximo de ${REPORT_NAME_MAX} caracteres`),
    definition: reportDefinitionSchema,
  })
  .strict();
export type SavedReportInput = z.infer<typeof savedReportInputSchema>;
export const savedReportParamsSchema = z.object({ id: idSchema });
