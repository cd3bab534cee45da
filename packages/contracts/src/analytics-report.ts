import { z } from 'zod';
import { clarificationOutcomeSchema } from './clarification.js';
import { isoDateSchema } from './common.js';
import { okEnvelope } from './envelope.js';

/** Longest range a report covers (a year and a day, so "the last 365 days" plus today fits). */
export const ANALYTICS_MAX_DAYS = 366;

const localDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Data deve estar no formato AAAA-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Data inválida');

/**
 * `GET /api/analytics/report?from=AAAA-MM-DD&to=AAAA-MM-DD`: local (São Paulo) days, both inclusive.
 * The CSV exports take the same query.
 */
export const analyticsRangeQuerySchema = z
  .object({ from: localDateSchema, to: localDateSchema })
  .refine((q) => q.from <= q.to, { message: 'A data inicial deve ser anterior à final', path: ['from'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < ANALYTICS_MAX_DAYS, {
    message: `O período pode ter no máximo ${ANALYTICS_MAX_DAYS} dias`,
    path: ['to'],
  });
export type AnalyticsRangeQuery = z.infer<typeof analyticsRangeQuerySchema>;

const responseSplitSchema = z.object({
  /** Mean seconds, one decimal; null when nothing was measured. */
  seconds: z.number().nullable(),
  count: z.number().int(),
});

/** The agent's hand-off causes (agent/decide.ts) as the analytics screen names them. */
export const HANDOFF_CAUSE_LABELS = {
  person_requested: 'Cliente pediu atendente',
  record_lookup: 'Consulta ao pedido do cliente',
  low_confidence: 'Baixa confiança',
  clarification_unmatched: 'Resposta ao esclarecimento não reconhecida',
  provider_failure: 'Falha do provedor de IA',
  other: 'Outros',
} as const;
export type HandoffCause = keyof typeof HANDOFF_CAUSE_LABELS;

/** The pt-BR label of a stored cause; unknown (or built-in property) names read as 'Outros'. */
export function handoffCauseLabel(cause: string): string {
  return Object.hasOwn(HANDOFF_CAUSE_LABELS, cause)
    ? HANDOFF_CAUSE_LABELS[cause as HandoffCause]
    : HANDOFF_CAUSE_LABELS.other;
}

export const analyticsReportSchema = z.object({
  range: z.object({ from: isoDateSchema, to: isoDateSchema, days: z.number().int() }),
  conversations: z.object({
    /** Conversations with a client message in the range. */
    active: z.number().int(),
    /** Conversations that started in the range. */
    started: z.number().int(),
    converted: z.number().int(),
    /** 0–100, one decimal. */
    conversionRate: z.number(),
  }),
  responseTime: z.object({
    firstAi: responseSplitSchema,
    firstHuman: responseSplitSchema,
    averageAi: responseSplitSchema,
    averageHuman: responseSplitSchema,
  }),
  handoffs: z.object({
    count: z.number().int(),
    /** Conversations handed off by the agent, as % of the active ones. */
    rate: z.number(),
    takeovers: z.number().int(),
    reasons: z.array(z.object({ cause: z.string(), label: z.string(), count: z.number().int() })),
  }),
  ai: z.object({
    replies: z.number().int(),
    aiReplies: z.number().int(),
    /** % of our replies written by the AI. */
    answerRate: z.number(),
    /** Mean confidence of the AI's replies, 0–1; null without any. */
    meanConfidence: z.number().nullable(),
  }),
  /** The agent's clarifying questions asked in the range, and how each ended. */
  clarifications: z.object({
    count: z.number().int(),
    outcomes: z.array(
      z.object({ outcome: clarificationOutcomeSchema, label: z.string(), count: z.number().int() }),
    ),
  }),
  /** Client messages by local weekday (0 = domingo) × hour (0–23). */
  heatmap: z.array(z.array(z.number().int())),
  perDay: z.array(
    z.object({
      date: z.string(),
      label: z.string(),
      conversations: z.number().int(),
      converted: z.number().int(),
      handoffs: z.number().int(),
      /** The day still running (today): its counts are so far. */
      partial: z.boolean().optional(),
    }),
  ),
  knowledgeGaps: z.array(
    z.object({
      question: z.string(),
      count: z.number().int(),
      reason: z.string(),
      lastAskedAt: isoDateSchema,
    }),
  ),
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;
export const analyticsReportResponseSchema = okEnvelope(analyticsReportSchema);

/** The tables and series a report exports as CSV: `GET /api/analytics/export/{table}`. */
export const analyticsExportTableSchema = z.enum([
  'resumo',
  'por-dia',
  'horarios',
  'transferencias',
  'lacunas',
  'conversas',
]);
export type AnalyticsExportTable = z.infer<typeof analyticsExportTableSchema>;
