import {
  API_TOKEN_PREFIX,
  type ApiToken,
  type ApiTokenScope,
  apiTokenScopeSchema,
  type UserRole,
} from '@atende/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { ApiTokensTable, Database } from '../../db/schema.js';
import { now, toIso } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { hashToken, newToken } from '../../lib/tokens.js';

type Row = Selectable<ApiTokensTable>;

/** A use less than this after the last recorded one does not write `last_used_at` again. */
const TOUCH_INTERVAL_MS = 60_000;

export function parseScopes(scopes: string): ApiTokenScope[] {
  try {
    const parsed: unknown = JSON.parse(scopes);
    return Array.isArray(parsed)
      ? parsed.filter((scope): scope is ApiTokenScope => apiTokenScopeSchema.safeParse(scope).success)
      : [];
  } catch {
    return [];
  }
}

function toApiToken(row: Row): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: parseScopes(row.scopes),
    hint: row.hint,
    createdAt: toIso(row.created_at),
    createdBy: row.created_by_name,
    lastUsedAt: row.last_used_at === null ? null : toIso(row.last_used_at),
    revokedAt: row.revoked_at === null ? null : toIso(row.revoked_at),
  };
}

export interface ActiveApiToken {
  id: string;
  name: string;
  scopes: ApiTokenScope[];
  lastUsedAt: number | null;
  /**
   * Who created it, while still an active user, with their role as it is now: the token acts with
   * the creator's current rights (a creator no longer admin gives the token an operator's reach).
   */
  creator: { id: string; name: string; email: string; role: UserRole } | null;
}

/** The `api_tokens` table: tokens exist in the clear only in the answer that creates them. */
export function apiTokensRepository(db: Kysely<Database>) {
  return {
    async list(): Promise<ApiToken[]> {
      const rows = await db.selectFrom('api_tokens').selectAll().orderBy('created_at', 'desc').execute();
      return rows.map(toApiToken);
    },

    async create(input: {
      name: string;
      scopes: ApiTokenScope[];
      creator: { id: string; name: string };
    }): Promise<{ apiToken: ApiToken; token: string }> {
      const token = `${API_TOKEN_PREFIX}${newToken()}`;
      const at = now();
      const row: Row = {
        id: newId(at),
        name: input.name,
        token_hash: hashToken(token),
        hint: `${token.slice(0, API_TOKEN_PREFIX.length + 6)}…`,
        scopes: JSON.stringify([...new Set(input.scopes)]),
        created_by: input.creator.id,
        created_by_name: input.creator.name,
        created_at: at,
        last_used_at: null,
        revoked_at: null,
      };
      await db.insertInto('api_tokens').values(row).execute();
      return { apiToken: toApiToken(row), token };
    },

    /** Answers the revoked token, or undefined when there is none (or it already was revoked). */
    async revoke(id: string): Promise<ApiToken | undefined> {
      const result = await db
        .updateTable('api_tokens')
        .set({ revoked_at: now() })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      const row = await db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toApiToken(row) : undefined;
    },

    /** The token behind a bearer value, if it exists and is not revoked. */
    async findActive(token: string): Promise<ActiveApiToken | undefined> {
      const row = await db
        .selectFrom('api_tokens as t')
        .leftJoin('users as u', (join) => join.onRef('u.id', '=', 't.created_by').on('u.disabled', '=', 0))
        .select([
          't.id',
          't.name',
          't.scopes',
          't.last_used_at',
          'u.id as user_id',
          'u.name as user_name',
          'u.email',
          'u.role',
        ])
        .where('t.token_hash', '=', hashToken(token))
        .where('t.revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        name: row.name,
        scopes: parseScopes(row.scopes),
        lastUsedAt: row.last_used_at,
        creator:
          row.user_id && row.user_name && row.email && row.role
            ? { id: row.user_id, name: row.user_name, email: row.email, role: row.role }
            : null,
      };
    },

    async touch(token: ActiveApiToken, at: number): Promise<void> {
      if (token.lastUsedAt !== null && at - token.lastUsedAt < TOUCH_INTERVAL_MS) return;
      await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', token.id).execute();
    },
  };
}

export type ApiTokensRepository = ReturnType<typeof apiTokensRepository>;
