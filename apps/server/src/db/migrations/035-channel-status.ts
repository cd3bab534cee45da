import type { Kysely } from 'kysely';

/**
 * What the process holding a channel's connection (a linked device's lease) shares with the other
 * processes of a cluster: the connection's status as it last saw it (`published_status`, JSON), and a
 * request another process left for it with its answer (`command`, `command_result`, JSON: a pairing
 * code, a reconnection, an unlink asked of whichever instance served the admin).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('channel_state').addColumn('published_status', 'text').execute();
  await db.schema.alterTable('channel_state').addColumn('command', 'text').execute();
  await db.schema.alterTable('channel_state').addColumn('command_result', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('channel_state').dropColumn('command_result').execute();
  await db.schema.alterTable('channel_state').dropColumn('command').execute();
  await db.schema.alterTable('channel_state').dropColumn('published_status').execute();
}
