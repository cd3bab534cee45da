import type { AnalyticsExportTable, ReportFilters } from '@atende/contracts';
import { apiPaths } from '@atende/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button, toast } from '@/components/ui';
import type { DateRange } from '@/lib/date-range';
import { downloadFile } from '@/lib/download';

/** 'CSV' next to a table or series: downloads that export for the range and filters on screen. */
export function ExportButton({
  table,
  range,
  filters,
  label,
}: {
  table: AnalyticsExportTable;
  range: DateRange;
  filters: ReportFilters;
  label: string;
}) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadFile(
        apiPaths.analyticsExport(table),
        { from: range.from, to: range.to, ...filters },
        `analytics-${table}.csv`,
      );
    } catch (error) {
      toast.error('Não foi possível exportar', error instanceof Error ? error.message : undefined);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={download}
      disabled={busy}
      aria-label={`Exportar ${label} em CSV`}
    >
      <Download className="size-4" aria-hidden />
      CSV
    </Button>
  );
}
