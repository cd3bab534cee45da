import type { ReplyTo } from '@atende/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The message a new one quotes, within the same conversation, by our id or the provider's (a channel
 * knows only the latter), or null when there is none.
 */
export async function resolveQuoted(
  trx: Transaction<Database>,
  conversationId: string,
  quotedId: string | null | undefined,
): Promise<ReplyTo | null> {
  if (!quotedId) return null;
  const target = await trx
    .selectFrom('messages')
    .select(['id', 'content', 'sender'])
    .where('conversation_id', '=', conversationId)
    .where((eb) => eb.or([eb('id', '=', quotedId), eb('provider_message_id', '=', quotedId)]))
    .executeTakeFirst();
  return target ?? null;
}
