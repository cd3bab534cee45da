import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../../types.js';

/**
 * `access-control.operatorsCanTakeover = false`: an operator may not take a conversation from the AI,
 * neither with "assumir" nor by writing in it (which takes it over), on REST or the socket. One waiting
 * for a person, paused or already held they still answer; admins always may (kernel/permissions).
 */
export async function assertMayTakeOver(
  app: FastifyInstance,
  user: Pick<AuthUser, 'role'>,
  conversationId: string,
  action: 'conversation:takeover' | 'conversation:reply' = 'conversation:takeover',
): Promise<void> {
  const conversation = await app.db
    .selectFrom('conversations')
    .select('handler_mode')
    .where('id', '=', conversationId)
    .executeTakeFirst();
  // A conversation that is gone is the route's 404, not a refusal.
  if (!conversation) return;
  await app.assertCan(user, action, { conversation: { handlerMode: conversation.handler_mode } });
}
