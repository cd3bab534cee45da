import type { DeliveryStatus } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Realtime } from '../../types.js';

/** Statuses a message may still move from, per new status: receipts arrive out of order; keep the max. */
export const EARLIER_STATUSES: Record<DeliveryStatus, DeliveryStatus[]> = {
  pending: [],
  sent: ['pending'],
  delivered: ['pending', 'sent'],
  read: ['pending', 'sent', 'delivered'],
  failed: ['pending', 'sent'],
};

/**
 * Moves a message forward to `status` (never backwards; failed is final) by our id or the provider's,
 * and emits `message:status` when it changed.
 */
export async function advanceMessageStatus(
  deps: { db: Kysely<Database>; realtime: Realtime },
  by: { id: string } | { providerMessageId: string },
  status: DeliveryStatus,
): Promise<boolean> {
  const earlier = EARLIER_STATUSES[status];
  if (earlier.length === 0) return false;
  const match =
    'id' in by ? (['id', by.id] as const) : (['provider_message_id', by.providerMessageId] as const);
  const row = await deps.db
    .updateTable('messages')
    .set({ status })
    .where(match[0], '=', match[1])
    .where('status', 'in', earlier)
    .returning(['id', 'conversation_id'])
    .executeTakeFirst();
  if (!row) return false;
  const payload = { conversationId: row.conversation_id, messageId: row.id, status };
  deps.realtime.toConversation(row.conversation_id, 'message:status', payload);
  return true;
}
