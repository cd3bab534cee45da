import type { Kysely, Selectable, Transaction } from 'kysely';
import { inboxMembership } from '../conversations/visibility/inbox-membership.js';
import type { Database, InboxesTable } from '../db/schema.js';
import { now } from '../lib/clock.js';

export type InboxRow = Selectable<InboxesTable>;
export type InboxWithMembers = InboxRow & { memberIds: string[] };

type Db = Kysely<Database> | Transaction<Database>;

/** The inbox given to conversations that existed before inboxes, and to the first number. */
export const FIRST_INBOX_ID = 'default';

/** `inboxes` and `inbox_members`: only this module writes them. */
export function inboxesRepository(db: Kysely<Database>) {
  async function withMembers(rows: InboxRow[]): Promise<InboxWithMembers[]> {
    if (rows.length === 0) return [];
    const members = await db
      .selectFrom('inbox_members')
      .select(['inbox_id', 'user_id'])
      .where(
        'inbox_id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return rows.map((row) => ({
      ...row,
      memberIds: members.filter((m) => m.inbox_id === row.id).map((m) => m.user_id),
    }));
  }

  async function setMembers(trx: Db, inboxId: string, userIds: readonly string[]): Promise<void> {
    await trx.deleteFrom('inbox_members').where('inbox_id', '=', inboxId).execute();
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return;
    // Only existing users: a stale id in the request is ignored, not a foreign-key error.
    const existing = await trx.selectFrom('users').select('id').where('id', 'in', unique).execute();
    if (existing.length === 0) return;
    await trx
      .insertInto('inbox_members')
      .values(existing.map((user) => ({ inbox_id: inboxId, user_id: user.id })))
      .execute();
  }

  return {
    /** Oldest first: the first active one is the primary inbox. */
    async list(options: { removed?: boolean } = {}): Promise<InboxWithMembers[]> {
      let query = db.selectFrom('inboxes').selectAll().orderBy('created_at').orderBy('id');
      if (!options.removed) query = query.where('removed_at', 'is', null);
      return withMembers(await query.execute());
    },

    async find(id: string): Promise<InboxWithMembers | undefined> {
      const row = await db.selectFrom('inboxes').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? (await withMembers([row]))[0] : undefined;
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('inboxes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** When anything last changed (another instance's edit shows up by this). */
    async lastChange(): Promise<string> {
      const row = await db
        .selectFrom('inboxes')
        .select((eb) => [eb.fn.max('updated_at').as('at'), eb.fn.countAll<number>().as('n')])
        .executeTakeFirstOrThrow();
      return `${Number(row.at ?? 0)}:${Number(row.n)}`;
    },

    async insert(
      row: Omit<
        InboxRow,
        | 'created_at'
        | 'updated_at'
        | 'removed_at'
        | 'auto_assign'
        | 'assign_capacity'
        | 'business_hours'
        | 'sla_first_response_minutes'
        | 'sla_resolution_minutes'
      > &
        Partial<
          Pick<
            InboxRow,
            | 'auto_assign'
            | 'assign_capacity'
            | 'business_hours'
            | 'sla_first_response_minutes'
            | 'sla_resolution_minutes'
          >
        >,
      memberIds: readonly string[],
    ): Promise<void> {
      const at = now();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('inboxes')
          .values({ ...row, created_at: at, updated_at: at, removed_at: null })
          .onConflict((oc) => oc.column('id').doNothing())
          .execute();
        await setMembers(trx, row.id, memberIds);
      });
    },

    async update(
      id: string,
      patch: Partial<
        Pick<
          InboxRow,
          | 'name'
          | 'settings'
          | 'agent_enabled'
          | 'operator_access'
          | 'phone'
          | 'auto_assign'
          | 'assign_capacity'
          | 'business_hours'
          | 'sla_first_response_minutes'
          | 'sla_resolution_minutes'
        >
      >,
      memberIds?: readonly string[],
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('inboxes')
          .set({ ...patch, updated_at: now() })
          .where('id', '=', id)
          .execute();
        if (memberIds) await setMembers(trx, id, memberIds);
      });
    },

    /** The number learned from the connection (no `updated_at` bump: not an admin's change). */
    async setPhone(id: string, phone: string | null): Promise<void> {
      await db.updateTable('inboxes').set({ phone }).where('id', '=', id).execute();
    },

    async remove(id: string): Promise<void> {
      const at = now();
      await db.updateTable('inboxes').set({ removed_at: at, updated_at: at }).where('id', '=', id).execute();
    },

    /** Every inbox id, removed ones included, and the ones an operator may see (visibility's reads). */
    ...inboxMembership(db),
  };
}

export type InboxesRepository = ReturnType<typeof inboxesRepository>;
