import { randomBytes, randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

const ms = 'bigint' as const;

/** Every event type there was when the legacy `webhookUrl` setting became an endpoint. */
const ALL_EVENTS = [
  'message.received',
  'message.sent',
  'conversation.status_changed',
  'conversation.handed_off',
  'conversation.assigned',
  'client.updated',
  'inbox.connected',
  'inbox.disconnected',
];

/**
 * Integrations:
 * - `webhook_endpoints` (signed outbound webhooks) and `webhook_deliveries` (one row per event and
 *   endpoint: the delivery log, and the state the `webhook_deliver` jobs advance);
 * - `api_tokens` (bearer tokens for the public API, stored as SHA-256 only);
 * - `order_lookups` (the agent's HTTP lookup of a customer's order; one row).
 * The admin-config `webhookUrl`/`webhookSecret`, which nothing read, become an endpoint subscribed to
 * every event, signed with the old secret (its bytes are the key: `whsec_` + base64 of them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disabled_reason', 'text')
    .addColumn('failing_since', ms)
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('updated_at', ms, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) =>
      c.notNull().references('webhook_endpoints.id').onDelete('cascade'),
    )
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('response_status', 'integer')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('last_attempt_at', ms)
    .addColumn('next_attempt_at', ms)
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_client_idx')
    .on('webhook_deliveries')
    .column('client_id')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_created_idx')
    .on('webhook_deliveries')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('hint', 'text', (c) => c.notNull())
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', ms, (c) => c.notNull())
    .addColumn('last_used_at', ms)
    .addColumn('revoked_at', ms)
    .execute();

  await db.schema
    .createTable('order_lookups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('url_template', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('headers', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('reply_template', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', ms)
    .execute();

  await migrateLegacyWebhookSetting(db);
}

async function migrateLegacyWebhookSetting(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{
    value: string;
  }>`select value from settings where key = 'admin-config'`.execute(db);
  const stored = rows[0];
  if (!stored) return;
  let config: Record<string, unknown>;
  try {
    config = JSON.parse(stored.value) as Record<string, unknown>;
  } catch {
    return;
  }
  if (!config || typeof config !== 'object' || Array.isArray(config)) return;
  const { webhookUrl, webhookSecret, ...rest } = config;
  if (webhookUrl === undefined && webhookSecret === undefined) return;
  if (typeof webhookUrl === 'string' && /^https?:\/\//.test(webhookUrl)) {
    const key =
      typeof webhookSecret === 'string' && webhookSecret !== ''
        ? Buffer.from(webhookSecret, 'utf8')
        : randomBytes(24);
    const at = Date.now();
    await sql`insert into webhook_endpoints (id, url, description, events, secret, enabled, created_at, updated_at)
      values (${randomUUID()}, ${webhookUrl}, ${'Migrado de Administração › Webhook'}, ${JSON.stringify(ALL_EVENTS)},
        ${`whsec_${key.toString('base64')}`}, 1, ${at}, ${at})`.execute(db);
  }
  await sql`update settings set value = ${JSON.stringify(rest)} where key = 'admin-config'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_lookups').execute();
  await db.schema.dropTable('api_tokens').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
