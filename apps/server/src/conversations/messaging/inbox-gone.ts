import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';

/**
 * Refuses a reply in a conversation whose number (inbox) was removed: nothing runs that inbox's send
 * queue any more, so the message would stay pending for good. Read in the reply's transaction.
 */
export async function assertInboxActive(trx: Transaction<Database>, inboxId: string): Promise<void> {
  const inbox = await trx
    .selectFrom('inboxes')
    .select(['name', 'removed_at'])
    .where('id', '=', inboxId)
    .executeTakeFirst();
  if (inbox?.removed_at == null) return;
  throw new AppError(
    'CONFLICT',
    `O número desta conversa foi removido (caixa de entrada "${inbox.name}"): a mensagem não pode ser enviada por ele.`,
  );
}
