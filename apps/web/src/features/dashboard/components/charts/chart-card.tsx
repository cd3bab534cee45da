import type { ChartPoint } from '@atende/contracts';
import { AlertCircle } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useRef } from 'react';
import { Spinner } from '@/components/ui';
import { useInView } from '../../hooks/use-in-view';
import { useStaggeredMount } from '../../hooks/use-staggered-mount';
import type { ChartSpec } from '../../lib/chart-config';
import { Panel } from '../panel';

const loadChartCanvas = () => import('./chart-canvas');
const ChartCanvas = lazy(loadChartCanvas);

/** Starts downloading the chart code while the data is still on its way. */
export function preloadChartCanvas(): void {
  loadChartCanvas().catch(() => {
    // Suspense retries the import when a chart is rendered; nothing to do here.
  });
}

export const CHARTS_ERROR = 'Erro ao carregar dados dos gráficos';

interface ChartCardProps {
  spec: ChartSpec;
  points: ChartPoint[] | undefined;
  isError: boolean;
  className?: string;
}

export function ChartLoading() {
  return (
    <div
      role="status"
      className="flex h-full flex-col items-center justify-center gap-2 text-sm text-slate-500 dark:text-slate-400"
    >
      <Spinner label={null} />
      Carregando gráfico...
    </div>
  );
}

function ChartError() {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 text-sm text-red-700 dark:text-red-300">
      <AlertCircle aria-hidden="true" className="size-6" />
      {CHARTS_ERROR}
    </div>
  );
}

/** Title, subtitle and a fixed-height body (300 px, 350 for client growth), so nothing shifts. */
export function ChartCard({ spec, points, isError, className }: ChartCardProps) {
  const bodyRef = useRef<HTMLDivElement>(null);
  // A chart is created only when it comes near the viewport: less work while the page loads.
  // Charts in view are created one per task, so no single long task blocks the page.
  const canMount = useStaggeredMount(useInView(bodyRef) && points !== undefined);
  let body: ReactNode;
  if (points && canMount) {
    body = (
      <Suspense fallback={<ChartLoading />}>
        <ChartCanvas spec={spec} points={points} />
      </Suspense>
    );
  } else if (isError && !points) {
    body = <ChartError />;
  } else {
    body = <ChartLoading />;
  }
  return (
    <Panel id={`chart-${spec.id}`} title={spec.title} subtitle={spec.subtitle} className={className}>
      <div
        ref={bodyRef}
        className="relative"
        style={{ height: spec.height }}
        data-testid={`chart-${spec.id}`}
      >
        {body}
      </div>
    </Panel>
  );
}
