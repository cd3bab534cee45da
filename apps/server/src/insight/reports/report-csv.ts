import { type CustomReport, durationUnitFor, REPORT_GROUPINGS, REPORT_METRICS } from '@atende/contracts';
import type { CsvValue } from '../../lib/csv.js';

/**
 * A custom report as a CSV (the analytics exports' Excel-friendly format, lib/csv.ts): one line per
 * group and a total. Durations are numbers in one unit for the whole file, chosen by the same rule as
 * the charts' axes, and the header says which ("Mediana IA (min)").
 */
export function customReportCsv(report: CustomReport): { header: string[]; rows: AsyncIterable<CsvValue[]> } {
  const { unit } = report;
  const all = [...report.rows.map((r) => r.values), report.total.values];
  const max = Math.max(0, ...all.flatMap((values) => Object.values(values).map((v) => v ?? 0)));
  const duration = durationUnitFor(max);
  const suffix =
    unit === 'duration'
      ? ` (${duration.label})`
      : unit === 'percent'
        ? ' (%)'
        : unit === 'score'
          ? ' (1 a 5)'
          : '';
  const cell = (v: number | null | undefined): CsvValue =>
    v === null || v === undefined ? null : unit === 'duration' ? Math.round((10 * v) / duration.ms) / 10 : v;
  const header = [
    REPORT_GROUPINGS[report.groupBy],
    ...report.series.map((s) => `${s.label}${suffix}`),
    `${REPORT_METRICS[report.metric].label}: ${report.countLabel}`,
  ];
  const line = (label: string, values: Record<string, number | null>, count: number): CsvValue[] => [
    label,
    ...report.series.map((s) => cell(values[s.key])),
    count,
  ];
  async function* rows(): AsyncGenerator<CsvValue[]> {
    for (const row of report.rows)
      yield line(row.partial ? `${row.label} (parcial)` : row.label, row.values, row.count);
    yield line('Total', report.total.values, report.total.count);
  }
  return { header, rows: rows() };
}
