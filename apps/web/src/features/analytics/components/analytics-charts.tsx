import type { AnalyticsReport } from '@atende/contracts';
import { Legend, type Plugin } from 'chart.js';
import { useMemo } from 'react';
import { Chart } from 'react-chartjs-2';
import { durationStepFor, formatDuration, formatNumber } from '@/lib/format';
import { partialStyle } from '@/lib/partial-points';
import { registerChartJs } from '@/lib/register-chart-js';
import { useIsDarkMode } from '@/lib/use-is-dark-mode';

registerChartJs(Legend);

const COLORS = {
  blue: '#3b82f6',
  green: '#10b981',
  amber: '#f59e0b',
  violet: '#8b5cf6',
  slate: '#94a3b8',
};

function axes(dark: boolean) {
  const grid = dark ? 'rgba(148,163,184,0.15)' : 'rgba(100,116,139,0.15)';
  const ticks = dark ? '#cbd5e1' : '#475569';
  return { grid, ticks };
}

/** Conversations, conversions and hand-offs per day of the range. */
export function PerDayChart({ perDay }: { perDay: AnalyticsReport['perDay'] }) {
  const dark = useIsDarkMode();
  const data = useMemo(() => {
    // Today is so far: its segment dashed, its bars lighter (never a drop to zero).
    const series = (value: (d: AnalyticsReport['perDay'][number]) => number) =>
      perDay.map((d) => ({ value: value(d), partial: d.partial }));
    const conversations = partialStyle(
      series((d) => d.conversations),
      COLORS.blue,
      'line',
      dark,
    );
    return {
      labels: perDay.map((d) => d.label),
      datasets: [
        {
          type: 'line' as const,
          label: 'Conversas',
          data: conversations.data,
          borderColor: COLORS.blue,
          backgroundColor: COLORS.blue,
          tension: 0,
          pointRadius: perDay.map((d) => (d.partial ? 4 : perDay.length > 45 ? 0 : 2)),
          pointBackgroundColor: conversations.pointFill,
          segment: { borderDash: conversations.segmentDash },
        },
        {
          type: 'bar' as const,
          label: 'Conversões',
          data: perDay.map((d) => d.converted),
          backgroundColor: partialStyle(
            series((d) => d.converted),
            COLORS.green,
            'bar',
            dark,
          ).barColors,
        },
        {
          type: 'bar' as const,
          label: 'Transferências',
          data: perDay.map((d) => d.handoffs),
          backgroundColor: partialStyle(
            series((d) => d.handoffs),
            COLORS.amber,
            'bar',
            dark,
          ).barColors,
        },
      ],
    };
  }, [perDay, dark]);
  const { grid, ticks } = axes(dark);
  return (
    <Chart
      type="bar"
      data={data}
      role="img"
      aria-label={`Conversas, conversões e transferências por dia, ${perDay.length} dias`}
      options={{
        maintainAspectRatio: false,
        interaction: { mode: 'index', intersect: false },
        plugins: {
          legend: { labels: { color: ticks, boxWidth: 12 } },
          tooltip: {
            callbacks: {
              title: (items) =>
                `Dia: ${items[0]?.label ?? ''}${perDay[items[0]?.dataIndex ?? -1]?.partial ? ' (parcial)' : ''}`,
              label: (item) => `${item.dataset.label}: ${formatNumber(Number(item.raw))}`,
            },
          },
        },
        scales: {
          x: { grid: { display: false }, ticks: { color: ticks, maxRotation: 0, autoSkipPadding: 12 } },
          y: {
            beginAtZero: true,
            grid: { color: grid },
            ticks: { color: ticks, precision: 0, callback: (v) => formatNumber(Number(v)) },
          },
        },
      }}
    />
  );
}

/** Writes each bar's duration at its end, so a short bar beside a long one still says what it is. */
function barValues(color: string): Plugin<'bar'> {
  return {
    id: 'barValues',
    afterDatasetsDraw(chart) {
      const { ctx } = chart;
      ctx.save();
      ctx.fillStyle = color;
      ctx.font = '11px system-ui, sans-serif';
      ctx.textBaseline = 'middle';
      chart.data.datasets.forEach((dataset, i) => {
        chart.getDatasetMeta(i).data.forEach((bar, j) => {
          const value = dataset.data[j] as number | null;
          if (value === null || value === undefined) return;
          ctx.fillText(formatDuration(value), bar.x + 4, bar.y);
        });
      });
      ctx.restore();
    },
  };
}

/**
 * First and average response time, AI vs people. Horizontal bars on a shared duration axis with
 * round ticks; each bar says its own value, so a few seconds beside hours is still readable.
 */
export function ResponseTimeChart({ responseTime }: { responseTime: AnalyticsReport['responseTime'] }) {
  const dark = useIsDarkMode();
  const { grid, ticks } = axes(dark);
  const ms = (s: { seconds: number | null }) => (s.seconds === null ? null : s.seconds * 1000);
  const ai = [ms(responseTime.firstAi), ms(responseTime.averageAi)];
  const human = [ms(responseTime.firstHuman), ms(responseTime.averageHuman)];
  const max = Math.max(0, ...[...ai, ...human].map((v) => v ?? 0));
  const data = {
    labels: ['Primeira resposta', 'Tempo médio de resposta'],
    datasets: [
      { label: 'IA', data: ai, backgroundColor: COLORS.violet, minBarLength: 3 },
      { label: 'Humano', data: human, backgroundColor: COLORS.blue, minBarLength: 3 },
    ],
  };
  return (
    <Chart
      type="bar"
      data={data}
      role="img"
      aria-label="Tempo de resposta, IA comparada com humanos"
      plugins={[barValues(ticks)]}
      options={{
        indexAxis: 'y',
        maintainAspectRatio: false,
        plugins: {
          legend: { labels: { color: ticks, boxWidth: 12 } },
          tooltip: {
            callbacks: {
              label: (item) => `${item.dataset.label}: ${formatDuration(item.raw as number | null)}`,
            },
          },
        },
        layout: { padding: { right: 56 } },
        scales: {
          y: { grid: { display: false }, ticks: { color: ticks } },
          x: {
            beginAtZero: true,
            grid: { color: grid },
            ticks: {
              color: ticks,
              stepSize: durationStepFor(max),
              callback: (v) => formatDuration(Number(v)),
            },
          },
        },
      }}
    />
  );
}
