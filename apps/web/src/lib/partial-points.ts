/**
 * How a chart draws the bucket still running (the current hour, today, this week): its value is so far,
 * so it must not read as a drop. Lines reach it with a dashed segment and a hollow point, and leave it
 * out while it has nothing yet; bars draw it lighter. Pure: no Chart.js here.
 */

/** '#3b82f6' + 0.15 → 'rgba(59, 130, 246, 0.15)'. */
export function withAlpha(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

export interface MaybePartial {
  value: number | null;
  partial?: boolean | undefined;
}

export function partialStyle(
  points: readonly MaybePartial[],
  color: string,
  kind: 'line' | 'bar',
  dark: boolean,
) {
  return {
    data: points.map((p) => (kind === 'line' && p.partial && !p.value ? null : p.value)),
    pointRadius: points.map((p) => (p.partial ? 4 : 0)),
    pointFill: points.map((p) => (p.partial ? (dark ? '#0f172a' : '#ffffff') : color)),
    segmentDash: (ctx: { p1DataIndex: number }) => (points[ctx.p1DataIndex]?.partial ? [6, 4] : undefined),
    barColors: points.map((p) => withAlpha(color, p.partial ? 0.35 : dark ? 0.75 : 0.85)),
  };
}
