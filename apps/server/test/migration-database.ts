import { type Kysely, Migrator } from 'kysely';
import { expect } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { migrations } from '../src/db/migrations/index.js';
import type { Database } from '../src/db/schema.js';
import { createTestDatabase, type TestDatabaseKind } from './helpers.js';

/**
 * A throwaway database a migration test moves step by step: `migrateTo` a migration (or back to one),
 * failing the test on a migration error; closed and dropped after `test` whatever happens.
 */
export async function withMigrationDatabase(
  kind: TestDatabaseKind,
  test: (database: { db: Kysely<Database>; migrateTo(name: string): Promise<void> }) => Promise<void>,
): Promise<void> {
  const database = await createTestDatabase(kind);
  const handle = openDatabase(database.url);
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  try {
    await test({
      db: handle.db,
      migrateTo: async (name) => expect((await migrator.migrateTo(name)).error).toBeUndefined(),
    });
  } finally {
    await handle.close();
    await database.destroy();
  }
}
