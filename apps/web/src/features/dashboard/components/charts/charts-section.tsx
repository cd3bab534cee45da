import { useEffect } from 'react';
import { useDashboardCharts } from '../../api/get-dashboard-charts';
import { CHART_SPECS, type ChartId } from '../../lib/chart-config';
import { ChartCard, preloadChartCanvas } from './chart-card';

const spec = (id: ChartId) => CHART_SPECS.find((s) => s.id === id)!;

/**
 * The four charts of spec §2. The two hourly charts share a row; the 7-day conversion chart sits next to
 * the wider 30-day growth chart (350 high) and grows to the same height on wide screens.
 */
export function ChartsSection() {
  const charts = useDashboardCharts();
  useEffect(preloadChartCanvas, []);
  const card = (id: ChartId, extra: { grow?: boolean; className?: string } = {}) => (
    <ChartCard spec={spec(id)} points={charts.data?.[id]} isError={charts.isError} {...extra} />
  );
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-6">
      {card('conversations', { className: 'lg:col-span-3' })}
      {card('responseTime', { className: 'lg:col-span-3' })}
      {card('conversions', { className: 'lg:col-span-2', grow: true })}
      {card('clientGrowth', { className: 'lg:col-span-4' })}
    </div>
  );
}
