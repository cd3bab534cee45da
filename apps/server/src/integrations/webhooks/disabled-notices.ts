import type { Notification } from '@atende/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { toIso } from '../../lib/clock.js';

/** The admins' notifications for webhooks the system turned off after a day of failures. */
export async function disabledWebhookNotices(db: Kysely<Database>): Promise<Omit<Notification, 'read'>[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'updated_at'])
    .where('enabled', '=', 0)
    .where('failing_since', 'is not', null)
    .execute();
  return rows.map((row) => ({
    id: `webhook_disabled:${row.id}:${row.updated_at}`,
    kind: 'webhook_disabled' as const,
    title: 'Webhook desativado',
    body: `${row.url} falhou por mais de 24 horas. Verifique o receptor e reative em Integrações.`,
    at: toIso(row.updated_at),
    conversationId: null,
  }));
}
