import type { DeliveryStatus } from '@atende/contracts';
import type { Transaction } from 'kysely';
import type { TransactionBatcher } from '../../db/group-commit.js';
import type { Database } from '../../db/schema.js';
import type { Realtime } from '../../types.js';

/** Statuses a message may still move from, per new status: receipts arrive out of order; keep the max. */
const EARLIER_STATUSES: Record<DeliveryStatus, DeliveryStatus[]> = {
  pending: [],
  sent: ['pending'],
  delivered: ['pending', 'sent'],
  read: ['pending', 'sent', 'delivered'],
  failed: ['pending', 'sent'],
};

/** A message by our id or by the provider's. */
export type MessageRef = { id: string } | { providerMessageId: string };

type Column = 'id' | 'provider_message_id';

/** Messages asked to move to one status, gathered until the group commit runs their UPDATE. */
interface Gathering {
  ids: Set<string>;
  /** Settles once the UPDATE is committed and its changes announced. */
  done: Promise<void>;
}

/**
 * Moves messages forward to a delivery status (never backwards; failed is final) and announces
 * `message:status` to the conversation's room for each one that changed, after the commit. Changes
 * are coalesced: the first change to a status submits one UPDATE to the shared group commit (`writes`),
 * and every change to that status asked before that batch starts joins it (sends finishing together,
 * a burst of receipts), so the statuses share one UPDATE and one commit with the agent's replies and
 * the channel's deliveries written at the same time, instead of a commit each.
 */
export class DeliveryStatuses {
  private readonly gathering = new Map<string, Gathering>();

  constructor(private readonly deps: { realtime: Realtime; writes: TransactionBatcher }) {}

  advance(ref: MessageRef, status: DeliveryStatus): Promise<void> {
    const [column, id]: [Column, string] =
      'id' in ref ? ['id', ref.id] : ['provider_message_id', ref.providerMessageId];
    if (EARLIER_STATUSES[status].length === 0) return Promise.resolve();
    const key = `${column} ${status}`;
    let gathering = this.gathering.get(key);
    if (!gathering) {
      const ids = new Set<string>();
      const done = this.deps.writes
        .run((trx) => {
          // Closed once its batch runs (later changes gather anew); a batch retried runs the same ids.
          if (this.gathering.get(key)?.ids === ids) this.gathering.delete(key);
          return update(trx, column, [...ids], status);
        })
        .then((rows) => {
          for (const row of rows) {
            const payload = { conversationId: row.conversation_id, messageId: row.id, status };
            this.deps.realtime.toConversation(row.conversation_id, 'message:status', payload);
          }
        });
      gathering = { ids, done };
      this.gathering.set(key, gathering);
    }
    gathering.ids.add(id);
    return gathering.done;
  }
}

function update(trx: Transaction<Database>, column: Column, ids: string[], status: DeliveryStatus) {
  return trx
    .updateTable('messages')
    .set({ status })
    .where(column, 'in', ids)
    .where('status', 'in', EARLIER_STATUSES[status])
    .returning(['id', 'conversation_id'])
    .execute();
}
