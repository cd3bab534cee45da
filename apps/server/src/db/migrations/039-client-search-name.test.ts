import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/helpers.js';
import { withMigrationDatabase } from '../../../test/migration-database.js';

describe.each(DATABASE_KINDS)('migration 039 on %s', (kind) => {
  it('folds the name of every client already stored, in chunks, and leaves a nameless one empty', async () => {
    await withMigrationDatabase(kind, async ({ db, migrateTo }) => {
      await migrateTo('038-conversation-priority');
      // More than one chunk of 500.
      for (let i = 0; i < 620; i++) {
        const name = i === 0 ? null : i === 1 ? 'JOÃO da Conceição' : `Cliente ${i}`;
        await sql`INSERT INTO clients (id, phone, name, created_at, total_messages)
          VALUES (${`k${i}`}, ${`55119${String(i).padStart(8, '0')}`}, ${name}, 0, 0)`.execute(db);
      }
      await migrateTo('039-client-search-name');
      const folded = await db
        .selectFrom('clients')
        .select(['id', 'search_name'])
        .where('id', 'in', ['k0', 'k1', 'k619'])
        .orderBy('id')
        .execute();
      expect(folded).toEqual([
        { id: 'k0', search_name: null },
        { id: 'k1', search_name: 'joao da conceicao' },
        { id: 'k619', search_name: 'cliente 619' },
      ]);
    });
  });
});
