import { type CustomReport, REPORT_GROUPINGS } from '@atende/contracts';
import { formatNumber } from '@/lib/format';
import { formatReportValue } from '../lib/report-values';

/** The report's numbers: a line per group (the running one marked), its columns, and the total. */
export function ReportTable({ report }: { report: CustomReport }) {
  const cell = 'whitespace-nowrap px-2 py-2 text-right tabular-nums';
  return (
    <div className="relative overflow-x-auto">
      {/* Wide enough for its columns (a one-column report fits a phone), scrolling sideways beyond. */}
      <table
        className="w-full text-sm"
        style={{ minWidth: 120 + 100 * report.series.length + 90 }}
        data-testid="report-table"
      >
        <thead>
          <tr className="border-slate-200 border-b text-left text-slate-500 text-xs dark:border-slate-800 dark:text-slate-400">
            <th scope="col" className="sticky left-0 bg-white py-2 pr-3 font-medium dark:bg-slate-900">
              {REPORT_GROUPINGS[report.groupBy]}
            </th>
            {report.series.map((s) => (
              <th key={s.key} scope="col" className="px-2 py-2 text-right font-medium">
                {s.label}
              </th>
            ))}
            <th scope="col" className="px-2 py-2 text-right font-medium capitalize">
              {report.countLabel}
            </th>
          </tr>
        </thead>
        <tbody className="text-slate-700 dark:text-slate-200">
          {report.rows.map((row) => (
            <tr
              key={row.key}
              data-testid={`report-row-${row.key}`}
              className="border-slate-100 border-b last:border-0 dark:border-slate-800/60"
            >
              <th
                scope="row"
                className="sticky left-0 max-w-56 truncate bg-white py-2 pr-3 text-left font-medium text-slate-800 dark:bg-slate-900 dark:text-slate-100"
              >
                {row.label}
                {row.partial && <span className="ml-1.5 font-normal text-slate-400 text-xs">(parcial)</span>}
              </th>
              {report.series.map((s) => (
                <td key={s.key} data-col={s.key} className={cell}>
                  {formatReportValue(report.unit, row.values[s.key])}
                </td>
              ))}
              <td data-col="count" className={cell}>
                {formatNumber(row.count)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-slate-200 border-t font-semibold text-slate-900 dark:border-slate-700 dark:text-white">
            <th scope="row" className="sticky left-0 bg-white py-2 pr-3 text-left dark:bg-slate-900">
              Total
            </th>
            {report.series.map((s) => (
              <td key={s.key} data-col={s.key} className={cell}>
                {formatReportValue(report.unit, report.total.values[s.key])}
              </td>
            ))}
            <td data-col="count" className={cell}>
              {formatNumber(report.total.count)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
