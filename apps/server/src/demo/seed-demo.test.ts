import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, testDatabases } from '../../test/metric-fixtures.js';
import type { DatabaseHandle } from '../db/database.js';
import { computeDashboardCharts, computeDashboardStats } from '../insight/analytics/dashboard-metrics.js';
import { getSettings, updateSettings } from '../kernel/settings/settings.service.js';
import { DEMO_COMPANY_NAME, seedDemo } from './seed-demo.js';

const NOW = Date.parse('2025-06-10T14:20:00-03:00');

async function fingerprint(db: DatabaseHandle['db']): Promise<string> {
  const hash = createHash('sha256');
  for (const table of [
    'clients',
    'conversations',
    'messages',
    'reactions',
    'activities',
    'knowledge_gaps',
  ] as const) {
    const rows = await db.selectFrom(table).selectAll().execute();
    const lines = rows.map((r) => JSON.stringify(r)).sort();
    hash.update(`${table}:${lines.join('\n')}`);
  }
  return hash.digest('hex');
}

describe.each(testDatabases())('demo seed on $kind', (target) => {
  const opened: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const dispose of opened.splice(0)) await dispose();
  });
  async function open() {
    const { handle, dispose } = await target.open();
    opened.push(dispose);
    return handle.db;
  }

  it('keeps a company name an admin already saved', async () => {
    const db = await open();
    await updateSettings(db, 'admin-config', { companyName: 'Padaria Central' }, null);
    await seedDemo(db, { now: NOW, conversations: 20, days: 3 });
    expect((await getSettings(db, 'admin-config')).companyName).toBe('Padaria Central');
  });

  it('writes a realistic, non-trivial month quickly, and every figure and series moves', async () => {
    const db = await open();
    const started = performance.now();
    const result = await seedDemo(db, { now: NOW });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(3000);
    expect(result.clients).toBeGreaterThan(250);
    expect(result.conversations).toBeGreaterThan(400);
    expect(result.messages).toBeGreaterThan(2500);

    const users = await db.selectFrom('users').select(['email', 'role']).orderBy('email').execute();
    expect(users).toEqual([
      { email: 'admin@atende.local', role: 'admin' },
      { email: 'operador@atende.local', role: 'operator' },
    ]);
    const kb = await db.selectFrom('knowledge_base').select('content').executeTakeFirstOrThrow();
    // One business name: the company-name setting is the one the knowledge base's answers use.
    expect(kb.content.split('\n')[0]).toContain(DEMO_COMPANY_NAME);
    expect((await getSettings(db, 'admin-config')).companyName).toBe(DEMO_COMPANY_NAME);

    const statuses = await db.selectFrom('conversations').select('status').distinct().execute();
    expect(statuses.map((s) => s.status).sort()).toEqual(['abandoned', 'active', 'completed', 'paused']);
    const types = await db.selectFrom('activities').select('type').distinct().execute();
    expect(types.map((t) => t.type).sort()).toEqual([
      'ai_learning',
      'conversation',
      'conversion',
      'system',
      'takeover',
    ]);
    const human = await db.selectFrom('messages').select('id').where('author_name', 'is not', null).execute();
    expect(human.length).toBeGreaterThan(20);
    const ai = await db
      .selectFrom('messages')
      .select(['confidence_score', 'evidence'])
      .where('ai_generated', '=', 1)
      .where('evidence', '!=', '[]')
      .execute();
    expect(ai.length).toBeGreaterThan(500);
    expect(ai.every((m) => (m.confidence_score ?? 0) > 0 && JSON.parse(m.evidence).length > 0)).toBe(true);
    const future = await db.selectFrom('messages').select('id').where('timestamp', '>=', NOW).execute();
    expect(future).toHaveLength(0);

    const stats = await computeDashboardStats(db, NOW, DEFAULT_TIME_ZONE);
    for (const [name, value] of Object.entries(stats)) expect(value, name).not.toBe(0);
    const charts = await computeDashboardCharts(db, NOW, DEFAULT_TIME_ZONE);
    for (const [name, series] of Object.entries(charts)) {
      expect(series.filter((p) => p.value > 0).length, name).toBeGreaterThan(series.length / 2);
    }
    const hourly = charts.responseTime.filter((p) => p.value > 0).map((p) => p.value);
    expect(Math.max(...hourly)).toBeGreaterThan(Math.min(...hourly) * 2); // varies by hour
  });

  it('is deterministic for a seed and an instant', async () => {
    const a = await open();
    const b = await open();
    await seedDemo(a, { now: NOW, users: false, conversations: 120 });
    await seedDemo(b, { now: NOW, users: false, conversations: 120 });
    expect(await fingerprint(a)).toBe(await fingerprint(b));
    const c = await open();
    await seedDemo(c, { now: NOW, users: false, conversations: 120, seed: 7 });
    expect(await fingerprint(c)).not.toBe(await fingerprint(a));
  });
});
