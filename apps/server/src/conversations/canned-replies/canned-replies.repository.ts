import type { CannedReply, CannedReplyInput } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';

const DUPLICATE = 'Já existe uma resposta com este atalho';

function toReply(
  row: Pick<Database['canned_replies'], 'id' | 'shortcut' | 'content' | 'position'>,
): CannedReply {
  return { id: row.id, shortcut: row.shortcut, content: row.content, position: Number(row.position) };
}

/** The team's shared canned replies, in the admin's order. */
export function cannedRepliesRepository(db: Kysely<Database>) {
  async function assertShortcutFree(shortcut: string, exceptId?: string) {
    let query = db.selectFrom('canned_replies').select('id').where('shortcut', '=', shortcut);
    if (exceptId) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) throw new AppError('CONFLICT', DUPLICATE);
  }

  return {
    async list(): Promise<CannedReply[]> {
      const rows = await db
        .selectFrom('canned_replies')
        .select(['id', 'shortcut', 'content', 'position'])
        .orderBy('position')
        .orderBy('id')
        .execute();
      return rows.map(toReply);
    },

    async create(input: CannedReplyInput): Promise<CannedReply> {
      await assertShortcutFree(input.shortcut);
      const last = await db
        .selectFrom('canned_replies')
        .select((eb) => eb.fn.max('position').as('max'))
        .executeTakeFirst();
      const at = now();
      const row = { id: newId(), ...input, position: Number(last?.max ?? -1) + 1 };
      await db
        .insertInto('canned_replies')
        .values({ ...row, created_at: at, updated_at: at })
        .execute();
      return toReply(row);
    },

    async update(id: string, input: CannedReplyInput): Promise<CannedReply> {
      await assertShortcutFree(input.shortcut, id);
      await db
        .updateTable('canned_replies')
        .set({ ...input, updated_at: now() })
        .where('id', '=', id)
        .execute();
      const row = await db
        .selectFrom('canned_replies')
        .select(['id', 'shortcut', 'content', 'position'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND', 'Resposta não encontrada');
      return toReply(row);
    },

    async remove(id: string): Promise<void> {
      const result = await db.deleteFrom('canned_replies').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new AppError('NOT_FOUND', 'Resposta não encontrada');
    },
  };
}
