import { useEffect } from 'react';
import { useDashboardCharts } from '../../api/get-dashboard-charts';
import { CHART_SPECS, type ChartId } from '../../lib/chart-config';
import { ChartCard, preloadChartCanvas } from './chart-card';

const spec = (id: ChartId) => CHART_SPECS.find((s) => s.id === id)!;

/**
 * The four charts. The three 300-high charts share a row on wide screens; the 30-day growth
 * chart (350 high, 30 points) takes a full row of its own, so no chart stretches to match a neighbour.
 */
export function ChartsSection() {
  const charts = useDashboardCharts();
  useEffect(preloadChartCanvas, []);
  const card = (id: ChartId, className?: string) => (
    <ChartCard spec={spec(id)} points={charts.data?.[id]} isError={charts.isError} className={className} />
  );
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      {card('conversations')}
      {card('responseTime')}
      {card('conversions', 'md:col-span-2 xl:col-span-1')}
      {card('clientGrowth', 'md:col-span-2 xl:col-span-3')}
    </div>
  );
}
