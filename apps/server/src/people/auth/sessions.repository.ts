import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { hashToken, newToken } from '../../lib/tokens.js';
import type { ActiveSession } from '../../types.js';

/** A remembered session also ends after this long without any authenticated request. */
export const REMEMBER_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** `last_seen_at` is written at most this often per session. */
export const TOUCH_INTERVAL_MS = 60 * 1000;

export interface NewSession {
  userId: string;
  remember: boolean;
  expiresAt: number;
  ip: string | null;
  userAgent: string | null;
}

/** Session lookups and changes. Only the token's SHA-256 ever reaches the database. */
const activeSessionQuery = preparedQuery((db, tokenHash: string, at: number) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.expires_at',
      'sessions.last_seen_at',
      'sessions.remember',
      'users.id as userId',
      'users.name',
      'users.email',
      'users.role',
      'users.avatar',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', at)
    .where('users.disabled', '=', 0),
);

export function sessionsRepository(db: Kysely<Database>) {
  return {
    /** The session behind a raw token, if it is live (not revoked, not expired, user enabled). */
    async findActive(token: string, at: number): Promise<ActiveSession | null> {
      const row = (await activeSessionQuery(db, hashToken(token), at)).rows[0];
      if (!row) return null;
      if (row.remember === 1 && at - row.last_seen_at > REMEMBER_IDLE_MS) return null;
      return {
        id: row.sessionId,
        expiresAt: row.expires_at,
        lastSeenAt: row.last_seen_at,
        user: { id: row.userId, name: row.name, email: row.email, role: row.role, avatar: row.avatar },
      };
    },

    /** Creates a session; returns its id and the raw token (shown to the client once). */
    async create(input: NewSession, at: number): Promise<{ id: string; token: string }> {
      const id = newId();
      const token = newToken();
      await db
        .insertInto('sessions')
        .values({
          id,
          user_id: input.userId,
          token_hash: hashToken(token),
          remember: input.remember ? 1 : 0,
          created_at: at,
          last_seen_at: at,
          expires_at: input.expiresAt,
          revoked_at: null,
          ip: input.ip,
          user_agent: input.userAgent?.slice(0, 300) ?? null,
        })
        .execute();
      return { id, token };
    },

    /** Sliding activity stamp, written at most once a minute (most requests write nothing). */
    async touch(session: ActiveSession, at: number): Promise<void> {
      if (at - session.lastSeenAt < TOUCH_INTERVAL_MS) return;
      await db
        .updateTable('sessions')
        .set({ last_seen_at: at })
        .where('id', '=', session.id)
        .where('last_seen_at', '<=', at - TOUCH_INTERVAL_MS)
        .execute();
    },

    async revoke(sessionId: string, at: number): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: at })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** Revokes every live session of a user except one; returns the ids revoked. */
    async revokeAllForUser(userId: string, at: number, exceptSessionId?: string): Promise<string[]> {
      let query = db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
      const ids = (await query.execute()).map((r) => r.id);
      if (ids.length > 0) {
        await db.updateTable('sessions').set({ revoked_at: at }).where('id', 'in', ids).execute();
      }
      return ids;
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
