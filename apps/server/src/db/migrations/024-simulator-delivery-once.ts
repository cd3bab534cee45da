import { type Kysely, sql } from 'kysely';

/**
 * The simulated phone receives a provider message id once, like WhatsApp: unique, so two processes
 * running the same send at once (a job whose lease lapsed under overload) cannot both record it. The
 * check-then-insert it replaces let both through on PostgreSQL. Duplicates recorded before go first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from simulator_deliveries where id in (
      select id from (
        select id, row_number() over (partition by provider_message_id order by delivered_at, id) as n
        from simulator_deliveries
      ) ranked where n > 1
    )`.execute(db);
  await db.schema.dropIndex('simulator_deliveries_provider_idx').execute();
  await db.schema
    .createIndex('simulator_deliveries_provider_idx')
    .on('simulator_deliveries')
    .column('provider_message_id')
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('simulator_deliveries_provider_idx').execute();
  await db.schema
    .createIndex('simulator_deliveries_provider_idx')
    .on('simulator_deliveries')
    .column('provider_message_id')
    .execute();
}
