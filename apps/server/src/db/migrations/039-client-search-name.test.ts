import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS } from '../../../test/helpers.js';
import { openDatabase } from '../database.js';
import { migrations } from './index.js';

describe.each(DATABASE_KINDS)('migration 039 on %s', (kind) => {
  it('folds the name of every client already stored, in chunks, and leaves a nameless one empty', async () => {
    const database = await createTestDatabase(kind);
    const handle = openDatabase(database.url);
    try {
      const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('038-conversation-priority')).error).toBeUndefined();
      // More than one chunk of 500.
      for (let i = 0; i < 620; i++) {
        const name = i === 0 ? null : i === 1 ? 'JOÃO da Conceição' : `Cliente ${i}`;
        await sql`INSERT INTO clients (id, phone, name, created_at, total_messages)
          VALUES (${`k${i}`}, ${`55119${String(i).padStart(8, '0')}`}, ${name}, 0, 0)`.execute(handle.db);
      }
      expect((await migrator.migrateTo('039-client-search-name')).error).toBeUndefined();
      const folded = await handle.db
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
    } finally {
      await handle.close();
      await database.destroy();
    }
  });
});
