import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/** Which way a figure improves. */
export type Better = 'lower' | 'higher';

export interface Figure {
  value: number;
  unit: string;
  better: Better;
  /** The budget it is held to, if any (e.g. `≤ 1.5`). */
  budget?: { max?: number; min?: number } | undefined;
}

/** What one bench:api run measured, per database: read by bench:compare (BENCH_JSON). */
export interface BenchReport {
  /** 1-, 5- and 15-minute load averages when the run started and ended. */
  load: { start: number[]; end: number[] };
  cpus: number;
  databases: Record<string, Record<string, Figure>>;
}

export function meetsBudget(figure: Figure): boolean | null {
  const { budget } = figure;
  if (!budget) return null;
  if (!Number.isFinite(figure.value)) return false;
  if (budget.max !== undefined && figure.value > budget.max) return false;
  if (budget.min !== undefined && figure.value < budget.min) return false;
  return true;
}

export function budgetLabel(figure: Figure): string {
  const { budget } = figure;
  if (!budget) return '';
  if (budget.max !== undefined) return `≤ ${budget.max}`;
  return budget.min !== undefined ? `≥ ${budget.min}` : '';
}

/** Figures of one run, noted as they are measured and written as JSON at the end. */
export class FigureLog {
  private readonly report: BenchReport;

  constructor(cpus: number) {
    this.report = { load: { start: loadavg(), end: [] }, cpus, databases: {} };
  }

  note(database: string, name: string, figure: Figure): void {
    const figures = this.report.databases[database] ?? {};
    figures[name] = figure;
    this.report.databases[database] = figures;
  }

  write(file: string): void {
    this.report.load.end = loadavg();
    writeFileSync(file, `${JSON.stringify(this.report, null, 2)}\n`);
  }
}
