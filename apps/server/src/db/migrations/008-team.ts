import { randomUUID } from 'node:crypto';
import { DEFAULT_CANNED_REPLIES } from '@atende/contracts';
import type { Kysely } from 'kysely';

const ms = 'bigint' as const;

/**
 * The team's tables: conversation labels, shared canned replies (seeded with the four default quick
 * replies), per-user read marks of the derived notifications, and uploaded avatars.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('labels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    /** Lower-cased name: names are unique regardless of case. */
    .addColumn('name_key', 'text', (c) => c.notNull().unique())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('canned_replies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('shortcut', 'text', (c) => c.notNull().unique())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
  const at = Date.now();
  await (db as Kysely<{ canned_replies: Record<string, unknown> }>)
    .insertInto('canned_replies')
    .values(
      DEFAULT_CANNED_REPLIES.map((reply, position) => ({
        id: randomUUID(),
        shortcut: reply.shortcut,
        content: reply.content,
        position,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();

  await db.schema
    .createTable('notification_reads')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('notification_id', 'text', (c) => c.notNull())
    .addColumn('read_at', ms, (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_reads_pk', ['user_id', 'notification_id'])
    .execute();

  await db.schema
    .createTable('user_avatars')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('mime', 'text', (c) => c.notNull())
    /** Base64 of the image bytes (one text column on both databases). */
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_avatars').execute();
  await db.schema.dropTable('notification_reads').execute();
  await db.schema.dropTable('canned_replies').execute();
  await db.schema.dropTable('labels').execute();
}
