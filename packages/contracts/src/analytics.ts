import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { chartPointSchema, dashboardChartsSchema } from './dashboard.js';
import { okEnvelope } from './envelope.js';
import { reportFiltersSchema } from './reports.js';

/** `GET /api/analytics` and its siblings: a rolling period and the figures' filters. */
export const analyticsQuerySchema = reportFiltersSchema.extend({
  period: z.enum(['24h', '7d', '30d']).default('30d'),
});
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

export const analyticsSchema = z.object({
  period: z.enum(['24h', '7d', '30d']),
  totals: z.object({
    conversations: z.number().int(),
    messages: z.number().int(),
    clients: z.number().int(),
    aiHandledRate: z.number(),
    conversionRate: z.number(),
    avgResponseTime: z.number(),
    handoffs: z.number().int(),
  }),
  charts: dashboardChartsSchema,
});
export type Analytics = z.infer<typeof analyticsSchema>;
export const analyticsResponseSchema = okEnvelope(analyticsSchema);

export const conversationsAnalyticsSchema = z.object({
  perHour: z.array(chartPointSchema),
  perDay: z.array(chartPointSchema),
  byStatus: z.record(z.string(), z.number().int()),
  byHandler: z.record(z.string(), z.number().int()),
});
export const conversationsAnalyticsResponseSchema = okEnvelope(conversationsAnalyticsSchema);

export const conversionsAnalyticsSchema = z.object({
  rate: z.number(),
  total: z.number().int(),
  perDay: z.array(chartPointSchema),
});
export const conversionsAnalyticsResponseSchema = okEnvelope(conversionsAnalyticsSchema);

/** Marks a conversation as converted (a sale): `POST /api/analytics/conversions`. Definition: docs/metrics.md. */
export const markConversionRequestSchema = z.object({ conversationId: idSchema });
export type MarkConversionRequest = z.infer<typeof markConversionRequestSchema>;
export const markConversionResponseSchema = okEnvelope(
  z.object({
    conversationId: idSchema,
    convertedAt: isoDateSchema,
    /** True when it was already converted (nothing changed). */
    alreadyConverted: z.boolean(),
  }),
);
