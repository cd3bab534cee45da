import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../../../test/helpers.js';
import { withMigrationDatabase } from '../../../test/migration-database.js';

describe.each(DATABASE_KINDS)('migration 022 on %s', (kind) => {
  it('backfills each reply’s response time and each conversation’s first response from the history', async () => {
    await withMigrationDatabase(kind, async ({ db, migrateTo }) => {
      await migrateTo('021-client-labels');
      await sql`INSERT INTO clients (id, phone, name, created_at, total_messages) VALUES ('k', '5511900000001', 'K', 0, 0)`.execute(
        db,
      );
      for (const id of ['a', 'b']) {
        await sql`INSERT INTO conversations (id, client_id, status, started_at, message_count, response_time_total_ms,
            response_count, is_ai_handled, tags, handler_mode, handler_since, updated_at)
          VALUES (${id}, 'k', 'active', 1000, 0, 0, 0, 1, '[]', 'ai', 1000, 1000)`.execute(db);
      }
      // a: two client messages, the AI answers, a second reply with nothing new, a person answers the next.
      // b: only a client message, never answered.
      const rows: Array<[string, string, 'client' | 'agent' | 'admin', number, number]> = [
        ['m1', 'a', 'client', 1_000, 0],
        ['m2', 'a', 'client', 5_000, 0],
        ['m3', 'a', 'agent', 9_000, 1],
        ['m4', 'a', 'agent', 9_500, 1],
        ['m5', 'a', 'client', 20_000, 0],
        ['m6', 'a', 'admin', 80_000, 0],
        ['m7', 'b', 'client', 2_000, 0],
      ];
      for (const [id, conversation, sender, at, ai] of rows) {
        await sql`INSERT INTO messages (id, conversation_id, sender, content, type, timestamp, ai_generated, status, evidence, created_at)
          VALUES (${id}, ${conversation}, ${sender}, 'x', 'text', ${at}, ${ai}, 'delivered', '[]', ${at})`.execute(
          db,
        );
      }

      await migrateTo('022-reply-response-times');
      const messages = await db.selectFrom('messages').select(['id', 'response_ms']).orderBy('id').execute();
      expect(messages.map((m) => [m.id, m.response_ms === null ? null : Number(m.response_ms)])).toEqual([
        ['m1', null],
        ['m2', null],
        ['m3', 8_000],
        ['m4', null],
        ['m5', null],
        ['m6', 60_000],
        ['m7', null],
      ]);
      const conversations = await db
        .selectFrom('conversations')
        .select(['id', 'first_response_ms', 'first_response_ai'])
        .orderBy('id')
        .execute();
      expect(
        conversations.map((c) => [
          c.id,
          c.first_response_ms === null ? null : Number(c.first_response_ms),
          c.first_response_ai === null ? null : Number(c.first_response_ai),
        ]),
      ).toEqual([
        ['a', 8_000, 1],
        ['b', null, null],
      ]);

      // And back: the down migration undoes all of it.
      await migrateTo('021-client-labels');
    });
  });
});
