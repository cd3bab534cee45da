import type { ManagedUser, UpdateUserRequest } from '@atende/contracts';
import { type Kysely, sql, type Updateable } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { now, toIso } from '../../lib/clock.js';
import { sessionsRepository } from '../auth/sessions.repository.js';
import { changePassword, createUser } from './users.service.js';

/** What to do with a user's live sockets after a change. */
export interface SocketControl {
  /** Ends the sockets of these (just revoked) sessions. */
  disconnectSessions(sessionIds: string[]): Promise<void>;
  /** Drops every socket of the user; the browser re-reads who it is and reconnects (role change). */
  disconnectUser(userId: string): Promise<void>;
}

const LAST_ADMIN_MESSAGE = 'Não é possível desativar ou rebaixar o último administrador ativo';

type UserRow = Pick<
  Database['users'],
  'id' | 'name' | 'email' | 'role' | 'avatar' | 'disabled' | 'created_at'
> & { last_seen_at: number | string | null };

function toManagedUser(row: UserRow): ManagedUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    avatar: row.avatar,
    disabled: row.disabled === 1,
    createdAt: toIso(Number(row.created_at)),
    lastSeenAt: row.last_seen_at === null ? null : toIso(Number(row.last_seen_at)),
  };
}

/** The admin's team management: list, create, edit, disable/enable, reset password. */
export function usersAdminService(db: Kysely<Database>, kind: DatabaseKind, sockets: SocketControl) {
  const sessions = sessionsRepository(db);

  const selectUsers = () =>
    db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'role', 'avatar', 'disabled', 'created_at'])
      .select((eb) =>
        eb
          .selectFrom('sessions')
          .select((s) => s.fn.max('sessions.last_seen_at').as('m'))
          .whereRef('sessions.user_id', '=', 'users.id')
          .as('last_seen_at'),
      );

  async function get(id: string): Promise<ManagedUser> {
    const row = await selectUsers().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', 'Usuário não encontrado');
    return toManagedUser(row as UserRow);
  }

  /**
   * Applies a role/disabled change unless it would leave no active admin. The active admins are
   * locked first on PostgreSQL (two admins demoting each other at once cannot both succeed); SQLite
   * serialises write transactions anyway.
   */
  async function guardedUpdate(id: string, patch: UpdateUserRequest): Promise<{ wasDisabled: boolean }> {
    return db.transaction().execute(async (trx) => {
      let admins = trx
        .selectFrom('users')
        .select(['id'])
        .where('role', '=', 'admin')
        .where('disabled', '=', 0);
      if (kind === 'postgres') admins = admins.forUpdate();
      const activeAdmins = (await admins.execute()).map((r) => r.id);
      const target = await trx
        .selectFrom('users')
        .select(['id', 'role', 'disabled'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!target) throw new AppError('NOT_FOUND', 'Usuário não encontrado');
      const staysActiveAdmin =
        (patch.role ?? target.role) === 'admin' && !(patch.disabled ?? target.disabled === 1);
      if (activeAdmins.includes(id) && !staysActiveAdmin && activeAdmins.length <= 1) {
        throw new AppError('CONFLICT', LAST_ADMIN_MESSAGE);
      }
      const set: Updateable<Database['users']> = { updated_at: now() };
      if (patch.name !== undefined) set.name = patch.name;
      if (patch.role !== undefined) set.role = patch.role;
      if (patch.disabled !== undefined) set.disabled = patch.disabled ? 1 : 0;
      await trx.updateTable('users').set(set).where('id', '=', id).execute();
      return { wasDisabled: target.disabled === 1 };
    });
  }

  return {
    async list(): Promise<ManagedUser[]> {
      const rows = await selectUsers().orderBy(sql`lower(name)`).orderBy('id').execute();
      return rows.map((row) => toManagedUser(row as UserRow));
    },

    get,

    async create(input: { name: string; email: string; role: 'admin' | 'operator'; password: string }) {
      const user = await createUser(db, input);
      return get(user.id);
    },

    /**
     * Edits name, role or disabled. Disabling ends every session of the user and drops their sockets;
     * a role change drops their sockets so rooms are joined again under the new role.
     */
    async update(id: string, patch: UpdateUserRequest, actorId: string): Promise<ManagedUser> {
      if (id === actorId && patch.disabled === true) {
        throw new AppError('CONFLICT', 'Você não pode desativar a própria conta');
      }
      const before = await get(id);
      await guardedUpdate(id, patch);
      if (patch.disabled === true && !before.disabled) {
        const revoked = await sessions.revokeAllForUser(id, now());
        await sockets.disconnectSessions(revoked);
      } else if (patch.role !== undefined && patch.role !== before.role) {
        await sockets.disconnectUser(id);
      }
      return get(id);
    },

    /** Sets a new password chosen by the admin; every session of that user ends (but the admin's own). */
    async resetPassword(id: string, password: string, actorSessionId: string | null): Promise<void> {
      await changePassword(db, id, password, {
        keepSessionId: actorSessionId ?? undefined,
        onRevoked: (ids) => sockets.disconnectSessions(ids),
      });
    },
  };
}

export type UsersAdminService = ReturnType<typeof usersAdminService>;
