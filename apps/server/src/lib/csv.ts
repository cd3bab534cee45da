import { Readable } from 'node:stream';

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

function cell(value: CsvValue, timeZone: string): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'number') text = Number.isFinite(value) ? decimal.format(value) : '';
  else if (typeof value === 'boolean') text = value ? 'sim' : 'não';
  else if (value instanceof Date) text = dateTime(timeZone).format(value).replace(',', '');
  else text = value;
  // A leading = + - @ would be read as a formula by spreadsheet programs (CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[], timeZone: string): string {
  return `${values.map((value) => cell(value, timeZone)).join(SEPARATOR)}\r\n`;
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
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + csvLine(header, timeZone);
    for await (const row of rows) yield csvLine(row, timeZone);
  }
  return Readable.from(lines());
}

/** `attachment; filename=…` with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function csvDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
