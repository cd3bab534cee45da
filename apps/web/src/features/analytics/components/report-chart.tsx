import type { CustomReport } from '@atende/contracts';
import { Legend } from 'chart.js';
import { useMemo } from 'react';
import { Chart } from 'react-chartjs-2';
import { durationStepFor } from '@/lib/format';
import { partialStyle, withAlpha } from '@/lib/partial-points';
import { registerChartJs } from '@/lib/register-chart-js';
import { useIsDarkMode } from '@/lib/use-is-dark-mode';
import { formatReportValue } from '../lib/report-values';

registerChartJs(Legend);

const PALETTE = { light: ['#6366f1', '#0ea5e9', '#f59e0b'], dark: ['#818cf8', '#38bdf8', '#fbbf24'] };

/**
 * A report drawn: counts as bars; rates, scores and durations over time as straight lines; any
 * figure per inbox, person or label as horizontal bars. The running day or week reads as partial.
 * Duration axes tick on round units, with the one duration formatter.
 */
export default function ReportChart({ report }: { report: CustomReport }) {
  const dark = useIsDarkMode();
  const overTime = report.groupBy === 'day' || report.groupBy === 'week' || report.groupBy === 'hour';
  const kind = report.unit === 'count' || !overTime ? 'bar' : 'line';
  const config = useMemo(() => {
    const series = report.series.filter((s) => s.chart);
    const palette = dark ? PALETTE.dark : PALETTE.light;
    const tick = dark ? '#94a3b8' : '#64748b';
    const grid = dark ? '#1e293b' : '#e2e8f0';
    const datasets = series.map((s, i) => {
      const color = palette[i % palette.length] as string;
      const points = report.rows.map((row) => ({ value: row.values[s.key] ?? null, partial: row.partial }));
      const partial = partialStyle(points, color, kind, dark);
      return kind === 'line'
        ? {
            label: s.label,
            data: partial.data,
            borderColor: color,
            backgroundColor: withAlpha(color, 0.15),
            borderWidth: 2,
            tension: 0,
            spanGaps: true,
            pointRadius: points.map((p) => (p.partial ? 4 : report.rows.length > 45 ? 0 : 2)),
            pointBackgroundColor: partial.pointFill,
            segment: { borderDash: partial.segmentDash },
          }
        : {
            label: s.label,
            data: partial.data,
            backgroundColor: partial.barColors,
            borderRadius: 3,
            maxBarThickness: 28,
          };
    });
    const max = Math.max(0, ...datasets.flatMap((d) => d.data.map((v) => v ?? 0)));
    const valueAxis = {
      beginAtZero: true,
      grid: { color: grid },
      border: { display: false },
      ...(report.unit === 'percent' ? { max: 100 } : report.unit === 'score' ? { max: 5 } : {}),
      ticks: {
        color: tick,
        maxTicksLimit: 6,
        ...(report.unit === 'count' ? { precision: 0 } : {}),
        ...(report.unit === 'duration' ? { stepSize: durationStepFor(max) } : {}),
        callback: (value: number | string) => formatReportValue(report.unit, Number(value)),
      },
    };
    const categoryAxis = {
      grid: { display: false },
      ticks: { color: tick, autoSkipPadding: 12, maxRotation: 0 },
    };
    return {
      label: `Gráfico do relatório: ${series.map((s) => s.label).join(', ')}`,
      data: { labels: report.rows.map((row) => row.label), datasets },
      options: {
        maintainAspectRatio: false,
        indexAxis: overTime ? ('x' as const) : ('y' as const),
        interaction: { mode: 'index' as const, intersect: false },
        plugins: {
          legend: { display: datasets.length > 1, labels: { color: tick, boxWidth: 12 } },
          tooltip: {
            callbacks: {
              title: (items: Array<{ label: string; dataIndex: number }>) => {
                const row = report.rows[items[0]?.dataIndex ?? -1];
                return row ? `${row.label}${row.partial ? ' (parcial)' : ''}` : '';
              },
              label: (item: { dataset: { label?: string }; raw: unknown }) =>
                `${item.dataset.label ?? ''}: ${formatReportValue(report.unit, item.raw as number | null)}`,
            },
          },
        },
        scales: overTime ? { x: categoryAxis, y: valueAxis } : { y: categoryAxis, x: valueAxis },
      },
    };
  }, [report, dark, kind, overTime]);
  return (
    <Chart
      type={kind}
      data={config.data as never}
      options={config.options as never}
      role="img"
      aria-label={config.label}
    />
  );
}
