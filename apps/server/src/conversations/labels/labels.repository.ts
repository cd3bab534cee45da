import type { Label, LabelColor, LabelInput } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { now } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';

const DUPLICATE = 'Já existe uma etiqueta com este nome';

function toLabel(row: Pick<Database['labels'], 'id' | 'name' | 'color'>): Label {
  return { id: row.id, name: row.name, color: row.color as LabelColor };
}

/** Conversation labels (names unique regardless of case). */
export function labelsRepository(db: Kysely<Database>) {
  async function assertNameFree(name: string, exceptId?: string) {
    let query = db.selectFrom('labels').select('id').where('name_key', '=', name.toLowerCase());
    if (exceptId) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) throw new AppError('CONFLICT', DUPLICATE);
  }

  return {
    async list(): Promise<Label[]> {
      const rows = await db
        .selectFrom('labels')
        .select(['id', 'name', 'color'])
        .orderBy('name_key')
        .execute();
      return rows.map(toLabel);
    },

    async existing(ids: readonly string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('labels')
        .select('id')
        .where('id', 'in', [...ids])
        .execute();
      return rows.map((r) => r.id);
    },

    async create(input: LabelInput): Promise<Label> {
      await assertNameFree(input.name);
      const row = { id: newId(), name: input.name, name_key: input.name.toLowerCase(), color: input.color };
      await db
        .insertInto('labels')
        .values({ ...row, created_at: now() })
        .execute();
      return toLabel(row);
    },

    async update(id: string, input: LabelInput): Promise<Label> {
      await assertNameFree(input.name, id);
      const result = await db
        .updateTable('labels')
        .set({ name: input.name, name_key: input.name.toLowerCase(), color: input.color })
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', 'Etiqueta não encontrada');
      return toLabel({ id, ...input });
    },

    async remove(id: string): Promise<void> {
      const result = await db.deleteFrom('labels').where('id', '=', id).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new AppError('NOT_FOUND', 'Etiqueta não encontrada');
    },
  };
}
