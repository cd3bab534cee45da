import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvDisposition, csvStream } from './csv.js';

/** The bytes as written (TextDecoder would drop the BOM). */
const read = async (stream: Readable) => (await buffer(stream)).toString('utf8');

async function* rowsOf(...rows: unknown[][]) {
  yield* rows as never[];
}

describe('csvStream', () => {
  it('writes what Excel in pt-BR opens: BOM, ";", CRLF, decimal commas, local dates, sim/não', async () => {
    const csv = await read(
      csvStream(
        ['Quando', 'Quanto', 'Ativo', 'Nota'],
        rowsOf([new Date('2026-01-02T15:04:05Z'), 1234.5, true, null], [undefined, Number.NaN, false, 'ok']),
        'America/Sao_Paulo',
      ),
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Quando;Quanto;Ativo;Nota',
      '02/01/2026 12:04:05;1234,5;sim;',
      ';;não;ok',
      '',
    ]);
  });

  it('quotes what would split a field and defuses formulas in text (not in numbers)', async () => {
    const csv = await read(
      csvStream(['a', 'b', 'c'], rowsOf(['x;y "z"\nw', '=HYPERLINK("http://x")', -5]), 'UTC'),
    );
    expect(csv.slice(1).split('\r\n')[1]).toBe('"x;y ""z""\nw";"\'=HYPERLINK(""http://x"")";-5');
  });

  it('fails the stream when its source fails', async () => {
    async function* failing() {
      yield ['um'];
      throw new Error('banco indisponível');
    }
    await expect(read(csvStream(['a'], failing(), 'UTC'))).rejects.toThrow('banco indisponível');
  });
});

describe('csvDisposition', () => {
  it('names the file, with the UTF-8 form when it is not ASCII', () => {
    expect(csvDisposition('auditoria.csv')).toBe('attachment; filename=auditoria.csv');
    expect(csvDisposition('relatório.csv')).toContain("filename*=UTF-8''relat%C3%B3rio.csv");
  });
});
