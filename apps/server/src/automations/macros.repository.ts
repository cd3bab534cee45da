import {
  type AutomationAction,
  automationActionSchema,
  type Macro,
  type macroInputSchema,
} from '@atende/contracts';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { Database, MacrosTable } from '../db/schema.js';
import { now, toIso } from '../lib/clock.js';
import { newId } from '../lib/ids.js';

type Input = z.output<typeof macroInputSchema>;

function toMacro(row: Selectable<MacrosTable>): Macro {
  let actions: AutomationAction[] = [];
  try {
    const parsed = z.array(automationActionSchema).safeParse(JSON.parse(row.actions));
    actions = parsed.success ? parsed.data : [];
  } catch {
    actions = [];
  }
  return {
    id: row.id,
    name: row.name,
    shared: row.owner_id === null,
    ownerId: row.owner_id,
    actions,
    updatedAt: toIso(row.updated_at),
  };
}

/** Macros: shared ones have no owner; personal ones belong to one person. */
export function macrosRepository(db: Kysely<Database>) {
  return {
    async get(id: string): Promise<Macro | null> {
      const row = await db.selectFrom('macros').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toMacro(row) : null;
    },

    /** The shared macros and this person's own, by name. */
    async listFor(userId: string): Promise<Macro[]> {
      const rows = await db
        .selectFrom('macros')
        .selectAll()
        .where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', userId)]))
        .orderBy('name')
        .execute();
      return rows.map(toMacro);
    },

    async create(input: Input, ownerId: string): Promise<Macro> {
      const at = now();
      const row = {
        id: newId(at),
        name: input.name,
        owner_id: input.shared ? null : ownerId,
        actions: JSON.stringify(input.actions),
        created_at: at,
        updated_at: at,
      };
      await db.insertInto('macros').values(row).execute();
      return toMacro(row);
    },

    async update(id: string, input: Input, ownerId: string): Promise<Macro> {
      await db
        .updateTable('macros')
        .set({
          name: input.name,
          owner_id: input.shared ? null : ownerId,
          actions: JSON.stringify(input.actions),
          updated_at: now(),
        })
        .where('id', '=', id)
        .execute();
      const row = await db.selectFrom('macros').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      return toMacro(row);
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('macros').where('id', '=', id).execute();
    },
  };
}
