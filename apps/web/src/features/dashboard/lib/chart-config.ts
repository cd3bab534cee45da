import { LIMITS } from '@atende/contracts';
import { formatCount, formatDecimal, formatDuration, formatNumber } from '@/lib/format';

export type ChartId = 'conversations' | 'conversions' | 'responseTime' | 'clientGrowth';

/** What each of the four charts shows and how its tooltip and y axis read. */
export interface ChartSpec {
  id: ChartId;
  title: string;
  subtitle: string;
  type: 'line' | 'bar';
  color: 'blue' | 'green' | 'amber' | 'purple';
  height: number;
  /** Tooltip title from the point's label. */
  tooltipTitle: (label: string) => string;
  /** Tooltip line from the point's value. */
  tooltipLabel: (value: number) => string;
  /** Y tick text. */
  tick: (value: number) => string;
  integerTicks: boolean;
  /** Values are seconds: the axis ticks on round durations ("30 s", "5 min"), read by the one formatter. */
  durationTicks?: boolean;
  max?: number;
  /** Dataset label (also the key react-chartjs-2 matches datasets by, so updates animate in place). */
  seriesLabel: string;
}

export const CHART_SPECS: readonly ChartSpec[] = [
  {
    id: 'conversations',
    title: 'Conversas por Hora',
    subtitle: 'Últimas 24 horas',
    // Whole counts per hour: bars, not a curve between them.
    type: 'bar',
    color: 'blue',
    height: LIMITS.chartHeight,
    tooltipTitle: (label) => `Hora: ${label}`,
    tooltipLabel: (value) => formatCount(value, 'conversa', 'conversas'),
    tick: (value) => formatNumber(value),
    integerTicks: true,
    seriesLabel: 'Conversas',
  },
  {
    id: 'conversions',
    title: 'Taxa de Conversão',
    subtitle: 'Últimos 7 dias',
    type: 'line',
    color: 'green',
    height: LIMITS.chartHeight,
    tooltipTitle: (label) => `Dia: ${label}`,
    tooltipLabel: (value) => `${formatDecimal(value, 1)}% de conversão`,
    tick: (value) => `${formatNumber(value)}%`,
    integerTicks: false,
    max: 100,
    seriesLabel: 'Taxa de conversão',
  },
  {
    id: 'responseTime',
    title: 'Tempo de Resposta',
    subtitle: 'Últimas 24 horas',
    type: 'bar',
    color: 'amber',
    height: LIMITS.chartHeight,
    tooltipTitle: (label) => `Hora: ${label}`,
    tooltipLabel: (value) => `${formatDuration(value * 1000)} de resposta`,
    tick: (value) => formatDuration(value * 1000),
    integerTicks: false,
    durationTicks: true,
    seriesLabel: 'Tempo de resposta',
  },
  {
    id: 'clientGrowth',
    title: 'Crescimento de Clientes',
    subtitle: 'Últimos 30 dias',
    type: 'line',
    color: 'purple',
    height: LIMITS.clientGrowthChartHeight,
    tooltipTitle: (label) => `Data: ${label}`,
    tooltipLabel: (value) => formatCount(value, 'cliente ativo', 'clientes ativos'),
    tick: (value) => formatNumber(value),
    integerTicks: true,
    seriesLabel: 'Clientes ativos',
  },
];

/** Series colours per theme: the 500 shade on light surfaces, the lighter 400 shade on dark ones. */
export const SERIES_COLORS: Record<ChartSpec['color'], { light: string; dark: string }> = {
  blue: { light: '#3b82f6', dark: '#60a5fa' },
  green: { light: '#10b981', dark: '#34d399' },
  amber: { light: '#f59e0b', dark: '#fbbf24' },
  purple: { light: '#8b5cf6', dark: '#a78bfa' },
};

/** Axis, grid and tooltip colours that stay readable on each theme's surface. */
export const THEME_COLORS = {
  light: {
    tick: '#64748b',
    grid: '#e2e8f0',
    tooltipBg: '#0f172a',
    tooltipText: '#f8fafc',
    border: '#cbd5e1',
  },
  dark: { tick: '#94a3b8', grid: '#1e293b', tooltipBg: '#f8fafc', tooltipText: '#0f172a', border: '#334155' },
} as const;

export { withAlpha } from '@/lib/partial-points';

/** A short text alternative for the canvas: the latest value and the peak. */
export function describeSeries(spec: ChartSpec, points: { label: string; value: number }[]): string {
  if (points.length === 0) return `${spec.title}: sem dados`;
  const last = points.at(-1)!;
  const peak = points.reduce((best, p) => (p.value > best.value ? p : best), points[0]!);
  return `${spec.title}, ${spec.subtitle.toLowerCase()}: ${spec.tooltipLabel(last.value)} em ${last.label}; pico de ${spec.tooltipLabel(peak.value)} em ${peak.label}.`;
}
