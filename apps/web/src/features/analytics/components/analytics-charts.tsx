import type { AnalyticsReport } from '@atende/contracts';
import { Legend } from 'chart.js';
import { useMemo } from 'react';
import { Chart } from 'react-chartjs-2';
import { formatDecimal, formatNumber } from '@/lib/format';
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
  const data = useMemo(
    () => ({
      labels: perDay.map((d) => d.label),
      datasets: [
        {
          type: 'line' as const,
          label: 'Conversas',
          data: perDay.map((d) => d.conversations),
          borderColor: COLORS.blue,
          backgroundColor: COLORS.blue,
          tension: 0.3,
          pointRadius: perDay.length > 45 ? 0 : 2,
        },
        {
          type: 'bar' as const,
          label: 'Conversões',
          data: perDay.map((d) => d.converted),
          backgroundColor: COLORS.green,
        },
        {
          type: 'bar' as const,
          label: 'Transferências',
          data: perDay.map((d) => d.handoffs),
          backgroundColor: COLORS.amber,
        },
      ],
    }),
    [perDay],
  );
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
              title: (items) => `Dia: ${items[0]?.label ?? ''}`,
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

/** First and average response time, AI vs human, in seconds. */
export function ResponseTimeChart({ responseTime }: { responseTime: AnalyticsReport['responseTime'] }) {
  const dark = useIsDarkMode();
  const { grid, ticks } = axes(dark);
  const data = {
    labels: ['Primeira resposta', 'Tempo médio de resposta'],
    datasets: [
      {
        label: 'IA',
        data: [responseTime.firstAi.seconds ?? 0, responseTime.averageAi.seconds ?? 0],
        backgroundColor: COLORS.violet,
      },
      {
        label: 'Humano',
        data: [responseTime.firstHuman.seconds ?? 0, responseTime.averageHuman.seconds ?? 0],
        backgroundColor: COLORS.blue,
      },
    ],
  };
  return (
    <Chart
      type="bar"
      data={data}
      role="img"
      aria-label="Tempo de resposta em segundos, IA comparada com humanos"
      options={{
        maintainAspectRatio: false,
        plugins: {
          legend: { labels: { color: ticks, boxWidth: 12 } },
          tooltip: {
            callbacks: { label: (item) => `${item.dataset.label}: ${formatSeconds(Number(item.raw))}` },
          },
        },
        scales: {
          x: { grid: { display: false }, ticks: { color: ticks } },
          y: {
            beginAtZero: true,
            grid: { color: grid },
            ticks: { color: ticks, callback: (v) => formatSeconds(Number(v)) },
          },
        },
      }}
    />
  );
}

/** 75 → '1 min 15 s'; 8.5 → '8,5 s'. */
export function formatSeconds(seconds: number): string {
  if (seconds < 60) return `${formatDecimal(seconds, seconds < 10 && seconds % 1 ? 1 : 0)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
