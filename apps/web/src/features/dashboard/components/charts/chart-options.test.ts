import type { TooltipItem } from 'chart.js';
import { describe, expect, it } from 'vitest';
import { CHART_SPECS, THEME_COLORS } from '../../lib/chart-config';
import { buildData, buildOptions, type Kind } from './chart-options';

const spec = (id: string) => CHART_SPECS.find((s) => s.id === id)!;
const item = (label: string, y: number) => ({ label, parsed: { x: 0, y } }) as unknown as TooltipItem<Kind>;

type Callback = (this: unknown, ...args: unknown[]) => unknown;
const call = (fn: unknown, ...args: unknown[]) => (fn as Callback).call({}, ...args);

describe('buildOptions', () => {
  it('wires the configured tooltips into Chart.js', () => {
    const callbacks = buildOptions(spec('conversions'), false).plugins?.tooltip?.callbacks;
    expect(call(callbacks?.title, [item('05/03', 12.34)])).toBe('Dia: 05/03');
    expect(call(callbacks?.label, item('05/03', 12.34))).toBe('12,3% de conversão');
    const hourly = buildOptions(spec('responseTime'), false).plugins?.tooltip?.callbacks;
    expect(call(hourly?.title, [item('14:00', 3)])).toBe('Hora: 14:00');
    expect(call(hourly?.label, item('14:00', 3))).toBe('3 s de resposta');
  });

  it('uses integer ticks for counts and 0–100 with % for the conversion rate', () => {
    const counts = buildOptions(spec('clientGrowth'), false).scales?.y;
    expect(counts?.ticks).toMatchObject({ precision: 0 });
    const rate = buildOptions(spec('conversions'), false).scales?.y;
    expect(rate).toMatchObject({ min: 0, max: 100 });
    expect(call(rate?.ticks?.callback, 40, 0, [])).toBe('40%');
    // Response times tick on round durations: 2 h 46 min at most → a tick every hour.
    const seconds = buildOptions(spec('responseTime'), false, [{ label: '14:00', value: 9_960 }]).scales?.y;
    expect(seconds?.ticks).toMatchObject({ stepSize: 3600 });
    expect(call(seconds?.ticks?.callback, 3600, 0, [])).toBe('1 h');
    expect(call(seconds?.ticks?.callback, 2.5, 0, [])).toBe('2,5 s');
  });

  it('follows the theme: lighter ticks and darker grid lines in dark mode', () => {
    const light = buildOptions(spec('conversations'), false).scales?.y;
    const dark = buildOptions(spec('conversations'), true).scales?.y;
    expect(light?.ticks?.color).toBe(THEME_COLORS.light.tick);
    expect(dark?.ticks?.color).toBe(THEME_COLORS.dark.tick);
    expect(dark?.grid?.color).toBe(THEME_COLORS.dark.grid);
  });
});

describe('the bucket still running', () => {
  it('says so in the tooltip, and a line leaves it out while it has nothing yet', () => {
    const points = [
      { label: '09/06', value: 20 },
      { label: '10/06', value: 0, partial: true },
    ];
    const callbacks = buildOptions(spec('conversions'), false, points).plugins?.tooltip?.callbacks;
    expect(call(callbacks?.title, [{ ...item('10/06', 0), dataIndex: 1 }])).toBe('Dia: 10/06 (parcial)');
    expect(buildData(spec('conversions'), points, false).datasets[0]?.data).toEqual([20, null]);
  });
});

describe('buildData', () => {
  it('keeps a stable dataset label (react-chartjs-2 updates it in place) and the chart colour', () => {
    const points = [
      { label: '10:00', value: 1 },
      { label: '11:00', value: 3 },
    ];
    const data = buildData(spec('conversations'), points, false);
    expect(data.labels).toEqual(['10:00', '11:00']);
    expect(data.datasets[0]).toMatchObject({ label: 'Conversas', data: [1, 3], borderColor: '#3b82f6' });
    expect(buildData(spec('responseTime'), points, true).datasets[0]?.borderColor).toBe('#fbbf24');
  });
});
