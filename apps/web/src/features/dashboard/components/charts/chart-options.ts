import type { ChartPoint } from '@atende/contracts';
import type { ChartData, ChartOptions } from 'chart.js';
import { type ChartSpec, SERIES_COLORS, THEME_COLORS, withAlpha } from '../../lib/chart-config';

/** Chart.js options and data for one dashboard chart, per theme (pure: no chart code is loaded here). */

export type Kind = 'line' | 'bar';

/** Space kept free right of the last x-axis label, in CSS pixels. */
export const X_LABEL_MARGIN = 8;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

export function buildOptions(spec: ChartSpec, dark: boolean): ChartOptions<Kind> {
  const theme = dark ? THEME_COLORS.dark : THEME_COLORS.light;
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: prefersReducedMotion() ? false : { duration: 400 },
    interaction: { mode: 'index', intersect: false },
    plugins: {
      legend: { display: false },
      tooltip: {
        backgroundColor: theme.tooltipBg,
        titleColor: theme.tooltipText,
        bodyColor: theme.tooltipText,
        displayColors: false,
        padding: 10,
        cornerRadius: 6,
        callbacks: {
          title: (items) => spec.tooltipTitle(String(items[0]?.label ?? '')),
          label: (item) => spec.tooltipLabel(Number(item.parsed.y ?? 0)),
        },
      },
    },
    scales: {
      x: {
        grid: { display: false },
        border: { color: theme.border },
        ticks: { color: theme.tick, maxRotation: 0, autoSkip: true, maxTicksLimit: 8, font: { size: 11 } },
        // Chart.js fits the last label flush with the canvas edge, where it gets clipped; keep a margin
        // beyond the room the label itself needs.
        afterFit: (axis) => {
          axis.paddingRight += X_LABEL_MARGIN;
        },
      },
      y: {
        beginAtZero: true,
        min: 0,
        ...(spec.max === undefined ? {} : { max: spec.max }),
        grid: { color: theme.grid },
        border: { display: false },
        ticks: {
          color: theme.tick,
          font: { size: 11 },
          maxTicksLimit: 6,
          ...(spec.integerTicks ? { precision: 0 } : {}),
          callback: (value) => spec.tick(Number(value)),
        },
      },
    },
  };
}

export function buildData(spec: ChartSpec, points: ChartPoint[], dark: boolean): ChartData<Kind> {
  const color = dark ? SERIES_COLORS[spec.color].dark : SERIES_COLORS[spec.color].light;
  const isLine = spec.type === 'line';
  return {
    labels: points.map((p) => p.label),
    datasets: [
      {
        label: spec.seriesLabel,
        data: points.map((p) => p.value),
        borderColor: color,
        backgroundColor: isLine ? withAlpha(color, dark ? 0.18 : 0.12) : withAlpha(color, dark ? 0.75 : 0.85),
        borderWidth: isLine ? 2 : 0,
        ...(isLine
          ? {
              fill: true,
              cubicInterpolationMode: 'monotone' as const,
              pointRadius: 0,
              pointHoverRadius: 4,
              pointHitRadius: 8,
            }
          : { borderRadius: 4, maxBarThickness: 18 }),
      },
    ],
  };
}
