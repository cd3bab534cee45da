import { createHmac } from 'node:crypto';
import { DOMAIN_EVENT_TYPES } from '@atende/contracts';
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, DATABASE_KINDS } from '../../../test/helpers.js';
import { signWebhook } from '../../integrations/webhooks/webhook-signature.js';
import { openDatabase } from '../database.js';
import { migrations } from './index.js';

/** The migration right before this one, whatever number the next one added before it takes. */
const BEFORE = (() => {
  const names = Object.keys(migrations);
  const before = names[names.indexOf('027-integrations') - 1];
  if (!before) throw new Error('027-integrations has no predecessor');
  return before;
})();

/** A database at the migration before 027 whose admin-config holds what the old screen saved there. */
async function migrateWithLegacySetting(kind: (typeof DATABASE_KINDS)[number], adminConfig: object) {
  const database = await createTestDatabase(kind);
  const handle = openDatabase(database.url);
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  const close = async () => {
    await handle.close();
    await database.destroy();
  };
  try {
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await sql`INSERT INTO settings (key, value, updated_at) VALUES ('admin-config', ${JSON.stringify(adminConfig)}, 0)`.execute(
      handle.db,
    );
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const endpoints = await handle.db.selectFrom('webhook_endpoints').selectAll().execute();
    const stored = await handle.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'admin-config')
      .executeTakeFirstOrThrow();
    return { endpoints, settings: JSON.parse(stored.value) as Record<string, unknown>, close };
  } catch (error) {
    await close();
    throw error;
  }
}

describe.each(DATABASE_KINDS)('migration 027 on %s', (kind) => {
  it('turns the legacy webhookUrl/webhookSecret into an endpoint on every event, signed with that secret', async () => {
    const { endpoints, settings, close } = await migrateWithLegacySetting(kind, {
      companyName: 'Loja Legada',
      dataRetentionDays: 90,
      webhookUrl: 'https://hooks.loja.com.br/atende',
      webhookSecret: 'segredo-legado-123',
    });
    try {
      expect(endpoints).toHaveLength(1);
      const [endpoint] = endpoints;
      expect(endpoint).toMatchObject({
        url: 'https://hooks.loja.com.br/atende',
        enabled: 1,
        disabled_reason: null,
        failing_since: null,
      });
      // Every event there was when the migration ran (later events are the admin's to add).
      expect(JSON.parse(endpoint?.events ?? '[]')).toEqual(
        Object.keys(DOMAIN_EVENT_TYPES).filter((type) => type !== 'csat.received'),
      );
      // The old secret's bytes are the key, so a receiver that checked with it keeps working.
      expect(endpoint?.secret).toBe(`whsec_${Buffer.from('segredo-legado-123').toString('base64')}`);
      const body = '{"type":"message.received"}';
      const expected = createHmac('sha256', 'segredo-legado-123')
        .update(`msg_1.1700000000.${body}`)
        .digest('base64');
      expect(signWebhook(endpoint?.secret ?? '', 'msg_1', 1700000000, body)).toBe(`v1,${expected}`);

      // Moved, not copied: the settings keep everything else and lose both fields.
      expect(settings).toEqual({ companyName: 'Loja Legada', dataRetentionDays: 90 });
    } finally {
      await close();
    }
  });

  it('a URL without a secret gets a fresh one; a secret without a URL makes no endpoint', async () => {
    const withoutSecret = await migrateWithLegacySetting(kind, {
      webhookUrl: 'http://erp.loja.com.br/hook',
      webhookSecret: null,
    });
    try {
      expect(withoutSecret.endpoints).toHaveLength(1);
      expect(withoutSecret.endpoints[0]?.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
      expect(withoutSecret.settings).toEqual({});
    } finally {
      await withoutSecret.close();
    }

    const withoutUrl = await migrateWithLegacySetting(kind, {
      companyName: 'Loja Sem URL',
      webhookUrl: '',
      webhookSecret: 'sobrou-so-o-segredo',
    });
    try {
      expect(withoutUrl.endpoints).toEqual([]);
      expect(withoutUrl.settings).toEqual({ companyName: 'Loja Sem URL' });
    } finally {
      await withoutUrl.close();
    }
  });
});
