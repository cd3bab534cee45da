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

type Column = 'id' | 'provider_message_id';

interface Waiting {
  column: Column;
  status: DeliveryStatus;
  ids: Set<string>;
  waiters: Array<{ resolve(): void; reject(error: unknown): void }>;
}

/**
 * Moves messages forward to a delivery status (never backwards; failed is final) and announces
 * `message:status` to the conversation's room for each one that changed. Changes are coalesced:
 * everything asked within one turn of the event loop becomes one UPDATE per status and kind of id
 * (sends finishing together, a burst of receipts), one commit instead of one per message.
 */
export class DeliveryStatuses {
  private pending = new Map<string, Waiting>();
  private scheduled = false;

  constructor(private readonly deps: { db: Kysely<Database>; realtime: Realtime }) {}

  advance(ref: MessageRef, status: DeliveryStatus): Promise<void> {
    const [column, id]: [Column, string] =
      'id' in ref ? ['id', ref.id] : ['provider_message_id', ref.providerMessageId];
    return new Promise((resolve, reject) => {
      const key = `${column} ${status}`;
      let entry = this.pending.get(key);
      if (!entry) {
        entry = { column, status, ids: new Set<string>(), waiters: [] };
        this.pending.set(key, entry);
      }
      entry.ids.add(id);
      entry.waiters.push({ resolve, reject });
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
    for (const { column, status, ids, waiters } of batch.values()) {
      try {
        await this.update(column, [...ids], status);
        for (const waiter of waiters) waiter.resolve();
      } catch (error) {
        for (const waiter of waiters) waiter.reject(error);
      }
    }
  }

  private async update(column: Column, ids: string[], status: DeliveryStatus): Promise<void> {
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
