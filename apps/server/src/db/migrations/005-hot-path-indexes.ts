import type { Kysely } from 'kysely';

/**
 * Index for the per-message hot path (bench:api profile): the simulator's "already delivered?" check
 * on `simulator_deliveries.provider_message_id` was a table scan per send, growing with every delivery.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('simulator_deliveries_provider_idx')
    .on('simulator_deliveries')
    .column('provider_message_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('simulator_deliveries_provider_idx').execute();
}
