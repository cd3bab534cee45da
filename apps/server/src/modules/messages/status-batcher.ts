import type { DeliveryStatus } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Realtime } from '../../types.js';
import { EARLIER_STATUSES } from './delivery.service.js';

interface Waiting {
  ids: Set<string>;
  waiters: Array<{ resolve(): void; reject(error: unknown): void }>;
}

/**
 * Delivery-status updates by provider id, coalesced: everything asked within one turn of the event loop
 * becomes one UPDATE per status (one commit instead of one per message), then `message:status` events.
 */
export class StatusBatcher {
  private pending = new Map<DeliveryStatus, Waiting>();
  private scheduled = false;

  constructor(private readonly deps: { db: Kysely<Database>; realtime: Realtime }) {}

  advance(providerMessageId: string, status: DeliveryStatus): Promise<void> {
    return new Promise((resolve, reject) => {
      const entry = this.pending.get(status) ?? { ids: new Set<string>(), waiters: [] };
      entry.ids.add(providerMessageId);
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
        const earlier = EARLIER_STATUSES[status];
        const rows =
          earlier.length === 0
            ? []
            : await this.deps.db
                .updateTable('messages')
                .set({ status })
                .where('provider_message_id', 'in', [...entry.ids])
                .where('status', 'in', earlier)
                .returning(['id', 'conversation_id'])
                .execute();
        for (const row of rows) {
          const payload = { conversationId: row.conversation_id, messageId: row.id, status };
          this.deps.realtime.toConversation(row.conversation_id, 'message:status', payload);
        }
        for (const waiter of entry.waiters) waiter.resolve();
      } catch (error) {
        for (const waiter of entry.waiters) waiter.reject(error);
      }
    }
  }
}
