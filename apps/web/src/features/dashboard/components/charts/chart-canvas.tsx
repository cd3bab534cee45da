import type { ChartPoint } from '@atende/contracts';
import { Filler } from 'chart.js';
import { useMemo } from 'react';
import { Chart } from 'react-chartjs-2';
import { registerChartJs } from '@/lib/register-chart-js';
import { useIsDarkMode } from '@/lib/use-is-dark-mode';
import { type ChartSpec, describeSeries } from '../../lib/chart-config';
import { buildData, buildOptions } from './chart-options';

// This module is loaded lazily, on /dashboard only, so Chart.js stays out of the other pages.
registerChartJs(Filler);

interface ChartCanvasProps {
  spec: ChartSpec;
  points: ChartPoint[];
}

/** One Chart.js chart; datasets keep their identity across updates, so live data animates in place. */
export default function ChartCanvas({ spec, points }: ChartCanvasProps) {
  const dark = useIsDarkMode();
  const options = useMemo(() => buildOptions(spec, dark, points), [spec, dark, points]);
  const data = useMemo(() => buildData(spec, points, dark), [spec, points, dark]);
  return (
    <Chart
      type={spec.type}
      data={data}
      options={options}
      role="img"
      aria-label={describeSeries(spec, points)}
      datasetIdKey="label"
    />
  );
}
