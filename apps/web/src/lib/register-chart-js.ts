import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartComponentLike,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

/**
 * Registers the Chart.js parts every line/bar chart here draws with, plus a caller's `extras`. Tree-shaken
 * registration keeps the rest of Chart.js out of the bundle. A function the chart modules call, not a
 * side-effect import: the build drops this app's modules whose exports nothing uses.
 */
export function registerChartJs(...extras: ChartComponentLike[]): void {
  Chart.register(
    LineController,
    LineElement,
    PointElement,
    BarController,
    BarElement,
    CategoryScale,
    LinearScale,
    Tooltip,
    ...extras,
  );
}
