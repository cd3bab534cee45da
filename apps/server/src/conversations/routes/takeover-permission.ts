import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { getSettings } from '../../kernel/settings/settings.service.js';
import { AppError } from '../../lib/app-error.js';
import type { AuthUser } from '../../types.js';

export const TAKEOVER_FORBIDDEN = 'Operadores não podem assumir conversas atendidas pela IA';

/**
 * `access-control.operatorsCanTakeover = false`: an operator may not take a conversation from the AI,
 * neither with "assumir" nor by writing in it (which takes it over), on REST or the socket. One waiting
 * for a person, paused or already held they still answer; admins always may.
 */
export async function assertMayTakeOver(
  db: Kysely<Database>,
  user: Pick<AuthUser, 'role'>,
  conversationId: string,
): Promise<void> {
  if (user.role === 'admin') return;
  if ((await getSettings(db, 'access-control')).operatorsCanTakeover) return;
  const conversation = await db
    .selectFrom('conversations')
    .select('handler_mode')
    .where('id', '=', conversationId)
    .executeTakeFirst();
  if (conversation?.handler_mode === 'ai') throw new AppError('FORBIDDEN', TAKEOVER_FORBIDDEN);
}
