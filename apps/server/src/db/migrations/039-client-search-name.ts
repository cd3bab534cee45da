import { type Kysely, sql } from 'kysely';

/** As the messaging module's `clientSearchName` folds it (kept here: a migration never changes). */
const fold = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const CHUNK = 500;

/**
 * The client's name folded for search (lower case, no accents: "João" is found by "joao"), written
 * with the name; filled here for the clients already stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('clients').addColumn('search_name', 'text').execute();
  const named = await sql<{
    id: string;
    name: string;
  }>`select id, name from clients where name is not null`.execute(db);
  for (let i = 0; i < named.rows.length; i += CHUNK) {
    const rows = named.rows.slice(i, i + CHUNK);
    const cases = sql.join(
      rows.map((row) => sql`when ${row.id} then ${fold(row.name)}`),
      sql` `,
    );
    const ids = sql.join(rows.map((row) => sql`${row.id}`));
    await sql`update clients set search_name = case id ${cases} end where id in (${ids})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('clients').dropColumn('search_name').execute();
}
