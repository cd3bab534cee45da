import type { Kysely } from 'kysely';

/**
 * A fencing token for each connection lease: `lease_epoch` grows every time the lease changes hands,
 * and a linked device's auth-state writes carry the epoch they were made under, so a process that lost
 * the lease (a partition, a pause) cannot write keys over the new holder's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('channel_state')
    .addColumn('lease_epoch', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('channel_state').dropColumn('lease_epoch').execute();
}
