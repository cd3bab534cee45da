import type { DeliveryStatus } from '@atende/contracts';
import { type RawBuilder, sql } from 'kysely';
import type { DatabaseKind } from '../../db/database.js';
import type { TransactionBatcher } from '../../db/group-commit.js';
import { preparedQuery } from '../../db/prepared-query.js';
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

  constructor(
    private readonly deps: { kind: DatabaseKind; realtime: Realtime; writes: TransactionBatcher },
  ) {}

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
          return statusUpdate(this.deps.kind, column, status)(trx, JSON.stringify([...ids]));
        })
        .then(({ rows }) => {
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

/**
 * The ids of a JSON array, one bound value whatever its length, as the right side of `column in`
 * (SQLite) or `column =` (PostgreSQL: `any(array(…))` is computed once and searched with the index,
 * where `in (select …)` of a set-returning function is planned as a scan of the table).
 */
const listOf: Record<DatabaseKind, { op: 'in' | '='; ids(idsJson: string): RawBuilder<string> }> = {
  sqlite: { op: 'in', ids: (idsJson) => sql`(select value from json_each(${idsJson}))` },
  postgres: {
    op: '=',
    ids: (idsJson) => sql`any(array(select jsonb_array_elements_text(cast(${idsJson} as jsonb))))`,
  },
};

/**
 * The UPDATE for one status and kind of id: one SQL text for any number of messages, built and
 * compiled once (an `in (?, ?, …)` list is a new query, and on SQLite a new prepared statement that
 * evicts another from the cache, for every length).
 */
const statusUpdates = new Map<string, ReturnType<typeof buildStatusUpdate>>();
function buildStatusUpdate(kind: DatabaseKind, column: Column, status: DeliveryStatus) {
  return preparedQuery((db, idsJson: string) =>
    db
      .updateTable('messages')
      .set({ status })
      .where(column, listOf[kind].op, listOf[kind].ids(idsJson))
      .where('status', 'in', EARLIER_STATUSES[status])
      .returning(['id', 'conversation_id']),
  );
}
function statusUpdate(kind: DatabaseKind, column: Column, status: DeliveryStatus) {
  const key = `${kind} ${column} ${status}`;
  let query = statusUpdates.get(key);
  if (!query) {
    query = buildStatusUpdate(kind, column, status);
    statusUpdates.set(key, query);
  }
  return query;
}
