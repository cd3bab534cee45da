import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, useMigratedDatabase } from '../../../test/helpers.js';
import { PERSONAL_DATA } from './personal-data.js';

/**
 * The registry names every column the migrations create, no more: a new table or column fails here
 * until it is classified in personal-data.ts (erase, anonymise or keep), so erasure, export and
 * retention cannot miss it.
 */
describeEachDatabase('personal-data registry', (kind) => {
  const database = useMigratedDatabase(kind);
  let columns = new Map<string, string[]>();

  beforeAll(async () => {
    const tables = await database().db.introspection.getTables();
    columns = new Map(tables.map((table) => [table.name, table.columns.map((column) => column.name)]));
  });

  it('classifies every column of every table in the database', () => {
    const missing: string[] = [];
    for (const [table, names] of columns) {
      const entry = PERSONAL_DATA[table];
      if (!entry) {
        missing.push(
          `${table} (a table: add an entry, notCustomerData(…) if it holds nothing of a customer)`,
        );
        continue;
      }
      for (const name of names) if (!(name in entry.columns)) missing.push(`${table}.${name}`);
    }
    expect(missing, 'classify these in customers/privacy/personal-data.ts').toEqual([]);
  });

  it('names no table or column the database does not have', () => {
    const unknown: string[] = [];
    for (const [table, entry] of Object.entries(PERSONAL_DATA)) {
      const names = columns.get(table);
      if (!names) {
        unknown.push(table);
        continue;
      }
      for (const name of Object.keys(entry.columns))
        if (!names.includes(name)) unknown.push(`${table}.${name}`);
    }
    expect(unknown).toEqual([]);
  });

  it('locates and expires rows by columns the table has, and keeps the ones it locates by', () => {
    for (const [table, entry] of Object.entries(PERSONAL_DATA)) {
      const names = columns.get(table) ?? [];
      if ('column' in entry.rows) {
        expect(names, `${table}: rows by ${entry.rows.column}`).toContain(entry.rows.column);
        // A customer's rows must still be found after their data was blanked (phones are read first).
        if (entry.rows.by !== 'phone') {
          expect(entry.columns[entry.rows.column]?.kind, `${table}.${entry.rows.column}`).toBe('keep');
        }
      }
      if (entry.retention) expect(names, `${table}: retention`).toContain(entry.retention.column);
      const personal = Object.values(entry.columns).some((treatment) => treatment.kind !== 'keep');
      if (entry.rows.by === 'none') expect(personal, `${table} holds nothing of a customer`).toBe(false);
    }
  });
});
