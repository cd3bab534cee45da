import { pipeline, Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import { stringify } from 'csv-stringify';

/**
 * CSV as Excel in pt-BR opens it: UTF-8 with a BOM (or accents come out garbled), `;` between fields
 * (`,` is the decimal separator there), CRLF line ends, decimals with a comma and dates in
 * `dd/MM/yyyy HH:mm:ss` in the time zone given (the admins' `admin-config.timezone`).
 */
export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';

export type CsvValue = string | number | boolean | null | undefined | Date;

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2, useGrouping: false });
/** One formatter per time zone (building one costs far more than using it). */
const dateTimes = new Map<string, Intl.DateTimeFormat>();
function dateTime(timeZone: string): Intl.DateTimeFormat {
  let format = dateTimes.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('pt-BR', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dateTimes.set(timeZone, format);
  }
  return format;
}

/**
 * A streamed CSV: the BOM and header first, then each row as the source yields it, so a year of rows
 * never sits in memory at once. Dates are written in `timeZone`.
 */
export function csvStream(
  header: readonly string[],
  rows: AsyncIterable<readonly CsvValue[]>,
  timeZone: string,
): Readable {
  const csv = stringify({
    bom: true,
    delimiter: SEPARATOR,
    record_delimiter: 'windows',
    cast: {
      number: (value) => (Number.isFinite(value) ? decimal.format(value) : ''),
      boolean: (value) => (value ? 'sim' : 'não'),
      date: (value) => dateTime(timeZone).format(value).replace(',', ''),
      // A leading = + - @ would be read as a formula by spreadsheet programs (CSV injection).
      string: (value) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value),
    },
  });
  async function* records(): AsyncGenerator<readonly CsvValue[]> {
    yield header;
    yield* rows;
  }
  // A failing source ends the response with its error instead of a silently short file.
  return pipeline(Readable.from(records()), csv, () => {});
}

/** `attachment; filename=…`, with the UTF-8 name beside an ASCII fallback when it needs one. */
export function csvDisposition(fileName: string): string {
  return contentDisposition(fileName);
}
