import { customerTables, type Db, locate, rowsOf, selectRows } from './personal-data-sql.js';

/**
 * Everything held about one customer (LGPD "acesso aos dados"): every row of every table the registry
 * says is theirs, every column, by table. Null when the customer is unknown.
 */
export async function personalDataOf(db: Db, clientId: string) {
  const subject = await locate(db, clientId);
  if (!subject) return null;
  const tables: Record<string, Record<string, unknown>[]> = {};
  for (const [table, entry] of customerTables()) {
    if (entry.export) continue;
    tables[table] = await selectRows(db, table, rowsOf(entry.rows, subject));
  }
  return tables;
}
