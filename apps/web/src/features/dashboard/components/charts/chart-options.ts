import type { ChartPoint } from '@atende/contracts';
import type { ChartData, ChartOptions } from 'chart.js';
import { durationStepFor } from '@/lib/format';
import { partialStyle } from '@/lib/partial-points';
import { type ChartSpec, SERIES_COLORS, THEME_COLORS, withAlpha } from '../../lib/chart-config';

/** Chart.js options and data for one dashboard chart, per theme (pure: no chart code is loaded here). */

export type Kind = 'line' | 'bar';

/** Space kept free right of the last x-axis label, in CSS pixels. */
export const X_LABEL_MARGIN = 8;

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

export function buildOptions(spec: ChartSpec, dark: boolean, points: ChartPoint[] = []): ChartOptions<Kind> {
  const theme = dark ? THEME_COLORS.dark : THEME_COLORS.light;
  // Seconds on round durations: the step for the largest value, at most five intervals.
  const max = Math.max(0, ...points.map((p) => p.value));
  const durationStep = spec.durationTicks ? durationStepFor(max * 1000) / 1000 : undefined;
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
          title: (items) => {
            const title = spec.tooltipTitle(String(items[0]?.label ?? ''));
            return points[items[0]?.dataIndex ?? -1]?.partial ? `${title} (parcial)` : title;
          },
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
          ...(durationStep ? { stepSize: durationStep } : {}),
          callback: (value) => spec.tick(Number(value)),
        },
      },
    },
  };
}

export function buildData(spec: ChartSpec, points: ChartPoint[], dark: boolean): ChartData<Kind> {
  const color = dark ? SERIES_COLORS[spec.color].dark : SERIES_COLORS[spec.color].light;
  const isLine = spec.type === 'line';
  // The running hour or day is so far: dashed and hollow (a line), lighter (a bar), left out when empty.
  const partial = partialStyle(points, color, isLine ? 'line' : 'bar', dark);
  return {
    labels: points.map((p) => p.label),
    datasets: [
      {
        label: spec.seriesLabel,
        data: partial.data,
        borderColor: color,
        backgroundColor: isLine ? withAlpha(color, dark ? 0.18 : 0.12) : partial.barColors,
        borderWidth: isLine ? 2 : 0,
        ...(isLine
          ? {
              fill: true,
              // Straight segments between whole values: no curve invents what happened in between.
              tension: 0,
              pointRadius: partial.pointRadius,
              pointBackgroundColor: partial.pointFill,
              pointHoverRadius: 4,
              pointHitRadius: 8,
              segment: { borderDash: partial.segmentDash },
            }
          : { borderRadius: 4, maxBarThickness: 18 }),
      },
    ],
  };
}
