import type { ReportUnit } from '@atende/contracts';
import { formatDecimal, formatDuration, formatNumber, formatPercent } from '@/lib/format';

/** A report cell as it reads: a count, a percent, a 1–5 score, a duration; '—' for no figure. */
export function formatReportValue(unit: ReportUnit, value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  switch (unit) {
    case 'count':
      return formatNumber(value);
    case 'percent':
      return formatPercent(value, 1);
    case 'score':
      return formatDecimal(value, 1);
    case 'duration':
      return formatDuration(value);
  }
}
