import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../types.js';
import type { Messaging } from '../messaging/messaging.js';
import { getSettings } from '../settings/settings.service.js';

const NOT_FOUND = 'Conversa não encontrada';

/**
 * Operators' visibility. With `access-control.operatorsSeeAllConversations=false` an operator sees
 * the conversations nobody holds (the AI's, those waiting for a person, paused ones) and the ones they
 * hold; a conversation another person holds does not exist for them (404, never listed, no events).
 * Admins always see everything.
 */
export function createVisibility(db: Kysely<Database>, messaging: Pick<Messaging, 'holderOf'>) {
  async function isRestricted(user: Pick<AuthUser, 'role'>): Promise<boolean> {
    if (user.role === 'admin') return false;
    return !(await getSettings(db, 'access-control')).operatorsSeeAllConversations;
  }

  return {
    isRestricted,

    /** Whether the setting restricts operators at all (realtime routing). */
    async restrictsOperators(): Promise<boolean> {
      return !(await getSettings(db, 'access-control')).operatorsSeeAllConversations;
    },

    /** The list filter for this user: their id when restricted, else nothing. */
    async listScope(user: AuthUser): Promise<string | undefined> {
      return (await isRestricted(user)) ? user.id : undefined;
    },

    async canSee(user: Pick<AuthUser, 'id' | 'role'>, conversationId: string): Promise<boolean> {
      const holder = await messaging.holderOf(conversationId);
      if (holder === undefined) return false;
      if (holder === null || holder === user.id) return true;
      return !(await isRestricted(user));
    },

    /** 404 (as for a conversation that does not exist) when the user may not see it. */
    async assertCanSee(user: Pick<AuthUser, 'id' | 'role'>, conversationId: string): Promise<void> {
      if (!(await isRestricted(user))) return;
      const holder = await messaging.holderOf(conversationId);
      if (holder === undefined || (holder !== null && holder !== user.id)) {
        throw new AppError('NOT_FOUND', NOT_FOUND);
      }
    },
  };
}

export type Visibility = ReturnType<typeof createVisibility>;
