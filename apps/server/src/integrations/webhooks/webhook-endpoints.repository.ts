import {
  type DomainEventType,
  domainEventTypeSchema,
  type UpdateWebhookEndpointRequest,
  type WebhookEndpoint,
} from '@atende/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, WebhookEndpointsTable } from '../../db/schema.js';
import { now, toIso } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { newWebhookSecret, secretHint } from './webhook-signature.js';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
type Db = Kysely<Database> | Transaction<Database>;

/** How long another instance may keep posting with an endpoint list older than an admin's change. */
const CACHE_MS = 5_000;

export function parseEvents(events: string): DomainEventType[] {
  try {
    const parsed: unknown = JSON.parse(events);
    return Array.isArray(parsed)
      ? parsed.filter((type): type is DomainEventType => domainEventTypeSchema.safeParse(type).success)
      : [];
  } catch {
    return [];
  }
}

export function toEndpoint(
  row: EndpointRow,
  lastDelivery: WebhookEndpoint['lastDelivery'] = null,
): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: parseEvents(row.events),
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    failingSince: row.failing_since === null ? null : toIso(row.failing_since),
    secretHint: secretHint(row.secret),
    createdAt: toIso(row.created_at),
    lastDelivery,
  };
}

/** The `webhook_endpoints` table. */
export function webhookEndpointsRepository(db: Kysely<Database>) {
  let cache: { at: number; rows: EndpointRow[] } | null = null;
  const forget = () => {
    cache = null;
  };

  return {
    /** The enabled endpoints, from a short cache (they change rarely; events come in streams). */
    async enabled(): Promise<EndpointRow[]> {
      const at = Date.now();
      if (cache && at - cache.at < CACHE_MS) return cache.rows;
      const rows = await db.selectFrom('webhook_endpoints').selectAll().where('enabled', '=', 1).execute();
      cache = { at, rows };
      return rows;
    },

    async list(): Promise<WebhookEndpoint[]> {
      const rows = await db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at').execute();
      const latest = await Promise.all(
        rows.map((row) =>
          db
            .selectFrom('webhook_deliveries')
            .select(['status', 'last_attempt_at', 'created_at'])
            .where('endpoint_id', '=', row.id)
            .orderBy('created_at', 'desc')
            .limit(1)
            .executeTakeFirst(),
        ),
      );
      return rows.map((row, i) => {
        const last = latest[i];
        return toEndpoint(
          row,
          last ? { status: last.status, at: toIso(last.last_attempt_at ?? last.created_at) } : null,
        );
      });
    },

    get(id: string, trx: Db = db): Promise<EndpointRow | undefined> {
      return trx.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async create(input: {
      url: string;
      description: string;
      events: DomainEventType[];
    }): Promise<EndpointRow> {
      const at = now();
      const row: EndpointRow = {
        id: newId(at),
        url: input.url,
        description: input.description,
        events: JSON.stringify([...new Set(input.events)]),
        secret: newWebhookSecret(),
        enabled: 1,
        disabled_reason: null,
        failing_since: null,
        created_at: at,
        updated_at: at,
      };
      await db.insertInto('webhook_endpoints').values(row).execute();
      forget();
      return row;
    },

    /** Answers the fields that changed. Turning an endpoint on clears why it was off and its failures. */
    async update(id: string, patch: UpdateWebhookEndpointRequest): Promise<string[]> {
      const row = await this.get(id);
      if (!row) return [];
      const set: Partial<EndpointRow> = {};
      if (patch.url !== undefined && patch.url !== row.url) set.url = patch.url;
      if (patch.description !== undefined && patch.description !== row.description)
        set.description = patch.description;
      if (patch.events !== undefined) {
        const events = JSON.stringify([...new Set(patch.events)]);
        if (events !== row.events) set.events = events;
      }
      if (patch.enabled !== undefined && patch.enabled !== (row.enabled === 1)) {
        set.enabled = patch.enabled ? 1 : 0;
        set.disabled_reason = patch.enabled ? null : 'Desativado por um administrador';
        set.failing_since = null;
      }
      const fields = Object.keys(set).filter(
        (field) => field !== 'disabled_reason' && field !== 'failing_since',
      );
      if (fields.length === 0) return [];
      await db
        .updateTable('webhook_endpoints')
        .set({ ...set, updated_at: now() })
        .where('id', '=', id)
        .execute();
      forget();
      return fields;
    },

    async rotateSecret(id: string): Promise<EndpointRow | undefined> {
      const secret = newWebhookSecret();
      const result = await db
        .updateTable('webhook_endpoints')
        .set({ secret, updated_at: now() })
        .where('id', '=', id)
        .executeTakeFirst();
      forget();
      return Number(result.numUpdatedRows) > 0 ? this.get(id) : undefined;
    },

    async remove(id: string): Promise<boolean> {
      await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
      const result = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
      forget();
      return Number(result.numDeletedRows) > 0;
    },

    /** An attempt succeeded: the endpoint is healthy again. */
    async markHealthy(trx: Db, id: string): Promise<void> {
      await trx
        .updateTable('webhook_endpoints')
        .set({ failing_since: null })
        .where('id', '=', id)
        .where('failing_since', 'is not', null)
        .execute();
    },

    /**
     * An attempt failed: failing since then, unless it already was. Answers since when it has been
     * failing (to decide whether to disable it).
     */
    async markFailing(trx: Db, id: string, at: number): Promise<number> {
      await trx
        .updateTable('webhook_endpoints')
        .set({ failing_since: at })
        .where('id', '=', id)
        .where('failing_since', 'is', null)
        .execute();
      const row = await trx
        .selectFrom('webhook_endpoints')
        .select('failing_since')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.failing_since ?? at;
    },

    /** Turned off by the system; answers false when it already was off. */
    async disable(trx: Db, id: string, reason: string): Promise<boolean> {
      const result = await trx
        .updateTable('webhook_endpoints')
        .set({ enabled: 0, disabled_reason: reason, updated_at: now() })
        .where('id', '=', id)
        .where('enabled', '=', 1)
        .executeTakeFirst();
      forget();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

export type WebhookEndpointsRepository = ReturnType<typeof webhookEndpointsRepository>;
