import { type DomainEvent, domainEventSchema } from '@atende/contracts';
import type { Insertable, Kysely } from 'kysely';
import type { Database, WebhookDeliveriesTable } from '../../db/schema.js';
import { webhookDeliverJob } from '../../jobs/job-kinds.js';
import type { JobRunner } from '../../jobs/job-runner.js';
import { now, toIso } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { parseEvents, type WebhookEndpointsRepository } from './webhook-endpoints.repository.js';

/** Finished deliveries stay in the log this long. */
const KEEP_LOG_MS = 30 * 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** The customer an event is about: an erasure blanks the stored bodies that name them. */
function clientOf(event: DomainEvent): string | null {
  switch (event.type) {
    case 'message.received':
    case 'message.sent':
      return event.data.client.id;
    case 'conversation.status_changed':
    case 'conversation.handed_off':
    case 'conversation.assigned':
    case 'csat.received':
      return event.data.clientId;
    case 'client.updated':
      return event.data.erased ? null : event.data.clientId;
    default:
      return null;
  }
}

/**
 * The posted body: the event read through its documented schema, so a field a publisher added by
 * mistake (a person's e-mail, say) never leaves. An event that does not fit is a bug: logged, not sent.
 */
function documentedBody(
  event: DomainEvent,
  at: number,
  log: { error(obj: object, msg: string): void },
): string | null {
  const parsed = domainEventSchema.safeParse(event);
  if (!parsed.success) {
    log.error({ type: event.type, issues: parsed.error.issues }, 'domain event outside its schema');
    return null;
  }
  return JSON.stringify({ type: parsed.data.type, timestamp: toIso(at), data: parsed.data.data });
}

/**
 * Turns committed domain events into durable deliveries: one `webhook_deliveries` row per event and
 * subscribed endpoint, each with its `webhook_deliver` job, written in one transaction per turn of the
 * event loop. Events come from the bus right after their own commit, so the one thing not durable is
 * the few milliseconds between that commit and this one: a kill -9 there loses those events' posts;
 * once recorded, a delivery survives restarts and is attempted by one process of the cluster.
 */
export function createDeliveryRecorder(deps: {
  db: Kysely<Database>;
  jobs: JobRunner;
  endpoints: WebhookEndpointsRepository;
  deliveries: WebhookDeliveriesRepository;
  log: { error(obj: object, msg: string): void };
}) {
  let buffer: DomainEvent[] = [];
  let flushing: Promise<void> | null = null;
  let scheduled = false;
  let lastPurge = 0;

  async function write(events: DomainEvent[]): Promise<void> {
    const erased = events.flatMap((event) =>
      event.type === 'client.updated' && event.data.erased ? [event.data.clientId] : [],
    );
    // Each endpoint's subscriptions read once per write, not once per event.
    const endpoints = (await deps.endpoints.enabled()).map((endpoint) => ({
      id: endpoint.id,
      events: new Set(parseEvents(endpoint.events)),
    }));
    const at = now();
    const rows: Insertable<WebhookDeliveriesTable>[] = [];
    for (const event of events) {
      // Serialised once per event, and only for an event some endpoint subscribes to.
      let body: string | null = null;
      for (const endpoint of endpoints) {
        if (!endpoint.events.has(event.type)) continue;
        body ??= documentedBody(event, at, deps.log);
        if (body === null) break;
        rows.push({
          id: `msg_${newId(at)}`,
          endpoint_id: endpoint.id,
          event_type: event.type,
          payload: body,
          client_id: clientOf(event),
          status: 'pending',
          attempts: 0,
          created_at: at,
          next_attempt_at: at,
        });
      }
    }
    if (rows.length === 0 && erased.length === 0) return;
    await deps.db.transaction().execute(async (trx) => {
      for (const clientId of erased) await deps.deliveries.blankForClient(trx, clientId);
      await deps.deliveries.insert(trx, rows);
      await deps.jobs.enqueueMany(
        trx,
        rows.map((row) =>
          webhookDeliverJob.job({ deliveryId: row.id, attempt: 1 }, `${webhookDeliverJob.name}:${row.id}:1`),
        ),
      );
    });
    deps.jobs.wake();
    if (at - lastPurge > PURGE_EVERY_MS) {
      lastPurge = at;
      await deps.deliveries.purgeFinishedBefore(at - KEEP_LOG_MS);
    }
  }

  async function flush(): Promise<void> {
    scheduled = false;
    // One writer at a time: events keep gathering while a transaction is in flight.
    while (flushing) await flushing;
    const events = buffer;
    buffer = [];
    if (events.length === 0) return;
    flushing = write(events)
      .catch((error: unknown) => {
        deps.log.error({ err: error, events: events.length }, 'could not record webhook deliveries');
      })
      .finally(() => {
        flushing = null;
      });
    await flushing;
  }

  return {
    /** The bus listener: gathers, and writes on the next turn of the event loop. */
    onEvent(event: DomainEvent): void {
      buffer.push(event);
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => void flush());
    },
    /** Writes whatever is gathered (shutdown, tests). */
    async flush(): Promise<void> {
      await flush();
      while (flushing) await flushing;
    },
  };
}
