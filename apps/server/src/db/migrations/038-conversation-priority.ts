import type { Kysely } from 'kysely';

/** A conversation's priority (low, medium, high, urgent), set by a rule or a macro; null when none is. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').addColumn('priority', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').dropColumn('priority').execute();
}
