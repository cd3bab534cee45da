import { z } from 'zod';
import { idSchema, isoDateSchema } from './common.js';
import { okEnvelope } from './envelope.js';

/** Dashboard stats. Definitions: docs/metrics.md. */
export const dashboardStatsSchema = z.object({
  conversationsToday: z.number().int().nonnegative(),
  /** Percent change vs yesterday. */
  conversationsTodayChange: z.number(),
  /** Percent, 0–100, over the last 7 days. */
  conversionRate: z.number().min(0).max(100),
  /** Percentage points vs the 7 days before. */
  conversionRateChange: z.number(),
  /** Seconds. */
  avgResponseTime: z.number().nonnegative(),
  /** Percent change vs yesterday; negative is an improvement. */
  avgResponseTimeChange: z.number(),
  activeClients: z.number().int().nonnegative(),
  activeClientsChange: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
export const dashboardStatsResponseSchema = okEnvelope(dashboardStatsSchema);

export const systemStatusSchema = z.enum(['operational', 'degraded', 'error']);
export type SystemStatus = z.infer<typeof systemStatusSchema>;

export const systemCheckSchema = z.object({
  name: z.string(),
  status: systemStatusSchema,
  /** Milliseconds, or null when not measured (N/A). */
  responseTime: z.number().nonnegative().nullable(),
  lastCheck: isoDateSchema,
  detail: z.string().nullable().optional(),
});
export type SystemCheck = z.infer<typeof systemCheckSchema>;

export const systemHealthSchema = z.object({
  systems: z.array(systemCheckSchema),
  overall: z.enum(['healthy', 'degraded', 'unhealthy']),
  /** 0–100 with one decimal. */
  healthPercentage: z.number().min(0).max(100),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;
export const systemHealthResponseSchema = okEnvelope(systemHealthSchema);

export const activityTypeSchema = z.enum(['conversation', 'conversion', 'ai_learning', 'takeover', 'system']);
export type ActivityType = z.infer<typeof activityTypeSchema>;

export const activitySchema = z.object({
  id: idSchema,
  type: activityTypeSchema,
  title: z.string(),
  description: z.string(),
  timestamp: isoDateSchema,
});
export type Activity = z.infer<typeof activitySchema>;
export const activityResponseSchema = okEnvelope(z.array(activitySchema));

export const chartPointSchema = z.object({
  label: z.string(),
  value: z.number(),
  /** The hour or day still running: its value is so far, drawn as partial (never as a drop). */
  partial: z.boolean().optional(),
});
export type ChartPoint = z.infer<typeof chartPointSchema>;

/** The four dashboard series: 24 hourly, 7 daily, 24 hourly, 30 daily points. */
export const dashboardChartsSchema = z.object({
  conversations: z.array(chartPointSchema),
  conversions: z.array(chartPointSchema),
  responseTime: z.array(chartPointSchema),
  clientGrowth: z.array(chartPointSchema),
});
export type DashboardCharts = z.infer<typeof dashboardChartsSchema>;

export const systemMetricsSchema = z.object({ stats: dashboardStatsSchema, charts: dashboardChartsSchema });
export type SystemMetrics = z.infer<typeof systemMetricsSchema>;
