import { AVATAR_MAX_BYTES, type SessionInfo, type User } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { now, toIso } from '../../lib/clock.js';
import { verifyPassword } from '../../lib/passwords.js';
import { sessionsRepository } from '../auth/sessions.repository.js';
import { changePassword, toUser, updateProfile } from '../users/users.service.js';
import { deviceName } from './device-name.js';
import { imageTypeOf } from './image-type.js';

export type DisconnectSessions = (sessionIds: string[]) => Promise<void>;

/** The signed-in user's own account: name, avatar, password and sessions. */
export function profileService(db: Kysely<Database>, disconnect: DisconnectSessions) {
  const sessions = sessionsRepository(db);

  async function readUser(userId: string): Promise<User> {
    const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', 'Usuário não encontrado');
    return toUser(row);
  }

  return {
    async update(userId: string, patch: { name?: string; avatar?: string | null }): Promise<User> {
      await db.transaction().execute(async (trx) => {
        await updateProfile(trx, userId, patch);
        if (patch.avatar !== undefined)
          await trx.deleteFrom('user_avatars').where('user_id', '=', userId).execute();
      });
      return readUser(userId);
    },

    /** Stores an uploaded avatar after checking its size and its type by magic bytes. */
    async uploadAvatar(userId: string, base64: string): Promise<User> {
      const bytes = Buffer.from(base64, 'base64');
      if (bytes.length === 0) throw new AppError('VALIDATION_ERROR', 'Imagem vazia ou inválida');
      if (bytes.length > AVATAR_MAX_BYTES) {
        throw new AppError('VALIDATION_ERROR', 'Imagem muito grande. Tamanho máximo: 256 KB');
      }
      const mime = imageTypeOf(bytes);
      if (!mime) throw new AppError('VALIDATION_ERROR', 'Formato não suportado. Use PNG, JPEG, WebP ou GIF');
      const at = now();
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('user_avatars').where('user_id', '=', userId).execute();
        await trx
          .insertInto('user_avatars')
          .values({ user_id: userId, mime, data: bytes.toString('base64'), updated_at: at })
          .execute();
        await updateProfile(trx, userId, { avatar: `/api/avatars/${userId}?v=${at}` }, at);
      });
      return readUser(userId);
    },

    async readAvatar(userId: string): Promise<{ mime: string; bytes: Buffer } | null> {
      const row = await db
        .selectFrom('user_avatars')
        .select(['mime', 'data'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? { mime: row.mime, bytes: Buffer.from(row.data, 'base64') } : null;
    },

    /** Needs the current password; ends the user's other sessions. */
    async changeOwnPassword(
      userId: string,
      sessionId: string,
      input: { currentPassword: string; newPassword: string },
    ): Promise<void> {
      const row = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!row || !(await verifyPassword(row.password_hash, input.currentPassword))) {
        throw new AppError('VALIDATION_ERROR', 'Senha atual incorreta');
      }
      await changePassword(db, userId, input.newPassword, {
        keepSessionId: sessionId,
        onRevoked: disconnect,
      });
    },

    async listSessions(userId: string, currentSessionId: string): Promise<SessionInfo[]> {
      const at = now();
      const rows = await db
        .selectFrom('sessions')
        .select(['id', 'user_agent', 'ip', 'created_at', 'last_seen_at'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at)
        .orderBy('last_seen_at', 'desc')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        device: deviceName(row.user_agent),
        ip: row.ip,
        createdAt: toIso(Number(row.created_at)),
        lastSeenAt: toIso(Number(row.last_seen_at)),
        current: row.id === currentSessionId,
      }));
    },

    /** Ends one of the user's own sessions (another user's id is simply not found). */
    async revokeSession(userId: string, sessionId: string): Promise<void> {
      const row = await db
        .selectFrom('sessions')
        .select('id')
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) throw new AppError('NOT_FOUND', 'Sessão não encontrada');
      await sessions.revoke(sessionId, now());
      await disconnect([sessionId]);
    },

    async revokeOtherSessions(userId: string, currentSessionId: string): Promise<number> {
      const revoked = await sessions.revokeAllForUser(userId, now(), currentSessionId);
      await disconnect(revoked);
      return revoked.length;
    },
  };
}
