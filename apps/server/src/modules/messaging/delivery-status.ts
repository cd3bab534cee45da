import type { DeliveryStatus } from '@atende/contracts';
import type { Kysely } from 'kysely';
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

interface Waiting {
  ids: Set<string>;
  waiters: Array<{ resolve(): void; reject(error: unknown): void }>;
}

/**
 * Moves messages forward to a delivery status (never backwards; failed is final) and announces
 * `message:status` to the conversation's room for each one that changed. Receipts by provider id are
 * coalesced: everything asked within one turn of the event loop becomes one UPDATE per status (one
 * commit instead of one per message).
 */
export class DeliveryStatuses {
  private pending = new Map<DeliveryStatus, Waiting>();
  private scheduled = false;

  constructor(private readonly deps: { db: Kysely<Database>; realtime: Realtime }) {}

  advance(ref: MessageRef, status: DeliveryStatus): Promise<void> {
    if ('id' in ref) return this.update('id', [ref.id], status);
    return new Promise((resolve, reject) => {
      const entry = this.pending.get(status) ?? { ids: new Set<string>(), waiters: [] };
      entry.ids.add(ref.providerMessageId);
      entry.waiters.push({ resolve, reject });
      this.pending.set(status, entry);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = new Map();
    for (const [status, entry] of batch) {
      try {
        await this.update('provider_message_id', [...entry.ids], status);
        for (const waiter of entry.waiters) waiter.resolve();
      } catch (error) {
        for (const waiter of entry.waiters) waiter.reject(error);
      }
    }
  }

  private async update(
    column: 'id' | 'provider_message_id',
    ids: string[],
    status: DeliveryStatus,
  ): Promise<void> {
    const earlier = EARLIER_STATUSES[status];
    if (earlier.length === 0) return;
    const rows = await this.deps.db
      .updateTable('messages')
      .set({ status })
      .where(column, 'in', ids)
      .where('status', 'in', earlier)
      .returning(['id', 'conversation_id'])
      .execute();
    for (const row of rows) {
      const payload = { conversationId: row.conversation_id, messageId: row.id, status };
      this.deps.realtime.toConversation(row.conversation_id, 'message:status', payload);
    }
  }
}
