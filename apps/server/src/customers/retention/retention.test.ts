import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { retentionPurgeJob } from '../../jobs/job-kinds.js';
import { now } from '../../lib/clock.js';
import { nextRun, purgeExpired } from './retention.module.js';

const DAY = 86_400_000;

describeEachDatabase('retention', (kind) => {
  const ctx = useTestApp(kind);
  const at = now();
  beforeAll(async () => {
    await ctx.app.db
      .insertInto('clients')
      .values({
        id: 'r1',
        name: 'R',
        phone: '5511900000009',
        total_messages: 3,
        last_contact: at,
        created_at: at,
      })
      .execute();
    await ctx.app.db
      .insertInto('conversations')
      .values({
        id: 'rc1',
        client_id: 'r1',
        status: 'active',
        started_at: at - 400 * DAY,
        handler_mode: 'ai',
        handler_since: at,
        updated_at: at,
        tags: '[]',
        message_count: 3,
        response_time_total_ms: 0,
        response_count: 0,
        is_ai_handled: 1,
      })
      .execute();
    for (const [id, daysAgo] of [
      ['old1', 400],
      ['old2', 366],
      ['new1', 10],
    ] as const) {
      await ctx.app.db
        .insertInto('messages')
        .values({
          id,
          conversation_id: 'rc1',
          sender: 'client',
          content: id,
          type: 'text',
          timestamp: at - daysAgo * DAY,
          ai_generated: 0,
          status: 'delivered',
          evidence: '[]',
          created_at: at,
        })
        .execute();
    }
    await ctx.app.db
      .insertInto('reactions')
      .values({ message_id: 'old1', sender: 'client', emoji: '👍', created_at: at })
      .execute();
  });

  it('deletes messages (and their reactions) older than the retention period, keeps the rest, and audits it', async () => {
    expect(await purgeExpired(ctx.app, at)).toEqual({ messages: 2, media: 0 });
    const left = await ctx.app.db
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', 'rc1')
      .execute();
    expect(left.map((m) => m.id)).toEqual(['new1']);
    expect(await ctx.app.db.selectFrom('reactions').selectAll().execute()).toEqual([]);
    const audit = await ctx.app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'retention.purge')
      .execute();
    expect(audit).toHaveLength(1);
    expect(await purgeExpired(ctx.app, at)).toEqual({ messages: 0, media: 0 });
  });

  it('is scheduled once per day as a durable job at 03:00 local time', async () => {
    const jobs = await ctx.app.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', retentionPurgeJob.name)
      .execute();
    expect(jobs).toHaveLength(1);
    expect(Number(jobs[0]?.run_at)).toBe(nextRun(Number(jobs[0]?.created_at), 'America/Sao_Paulo'));
    // 02:00 in São Paulo (05:00 UTC) runs at 03:00 the same day; 04:00 runs at 03:00 the next day.
    expect(new Date(nextRun(Date.parse('2026-11-23T05:00:00Z'), 'America/Sao_Paulo')).toISOString()).toBe(
      '2026-11-23T06:00:00.000Z',
    );
    expect(new Date(nextRun(Date.parse('2026-11-23T07:00:00Z'), 'America/Sao_Paulo')).toISOString()).toBe(
      '2026-11-24T06:00:00.000Z',
    );
  });
});
