import type { WebhookDelivery, WebhookDeliveryStatus } from '@atende/contracts';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, WebhookDeliveriesTable } from '../../db/schema.js';
import { toIso } from '../../lib/clock.js';

export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** Rows per INSERT: under both databases' bound-parameter limits. */
const INSERT_CHUNK = 500;

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventType: row.event_type,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.response_status,
    error: row.error,
    createdAt: toIso(row.created_at),
    lastAttemptAt: row.last_attempt_at === null ? null : toIso(row.last_attempt_at),
    nextAttemptAt: row.next_attempt_at === null ? null : toIso(row.next_attempt_at),
    durationMs: row.duration_ms,
  };
}

export interface AttemptOutcome {
  attempt: number;
  at: number;
  status: WebhookDeliveryStatus;
  responseStatus: number | null;
  error: string | null;
  durationMs: number;
  nextAttemptAt: number | null;
}

/** The `webhook_deliveries` table: the delivery log, and the state each attempt advances. */
export function webhookDeliveriesRepository(db: Kysely<Database>) {
  return {
    async insert(trx: Db, rows: Insertable<WebhookDeliveriesTable>[]): Promise<void> {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await trx
          .insertInto('webhook_deliveries')
          .values(rows.slice(i, i + INSERT_CHUNK))
          .execute();
      }
    },

    get(id: string, trx: Db = db): Promise<DeliveryRow | undefined> {
      return trx.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async list(
      endpointId: string,
      limit: number,
      status?: WebhookDeliveryStatus,
    ): Promise<WebhookDelivery[]> {
      let query = db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', endpointId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit);
      if (status) query = query.where('status', '=', status);
      return (await query.execute()).map(toDelivery);
    },

    /**
     * Records attempt number `attempt`, only if it is the next one of a pending delivery: a job that
     * runs again after a crash (at-least-once) finds it recorded and records nothing twice.
     */
    async recordAttempt(trx: Db, id: string, outcome: AttemptOutcome): Promise<boolean> {
      const result = await trx
        .updateTable('webhook_deliveries')
        .set({
          status: outcome.status,
          attempts: outcome.attempt,
          response_status: outcome.responseStatus,
          error: outcome.error,
          duration_ms: outcome.durationMs,
          last_attempt_at: outcome.at,
          next_attempt_at: outcome.nextAttemptAt,
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('attempts', '=', outcome.attempt - 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** "Reenviar": a finished delivery goes back to the queue for one more attempt. */
    async requeue(trx: Db, id: string, at: number): Promise<boolean> {
      const result = await trx
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', next_attempt_at: at })
        .where('id', '=', id)
        .where('status', '!=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** LGPD erasure: the stored bodies about this customer keep only that they were erased. */
    async blankForClient(trx: Db, clientId: string): Promise<void> {
      await trx
        .updateTable('webhook_deliveries')
        .set({ payload: JSON.stringify({ erased: true }), client_id: null })
        .where('client_id', '=', clientId)
        .execute();
    },

    /** The log keeps finished deliveries this long. */
    async purgeFinishedBefore(before: number): Promise<void> {
      await db
        .deleteFrom('webhook_deliveries')
        .where('created_at', '<', before)
        .where('status', '!=', 'pending')
        .execute();
    },
  };
}

export type WebhookDeliveriesRepository = ReturnType<typeof webhookDeliveriesRepository>;
