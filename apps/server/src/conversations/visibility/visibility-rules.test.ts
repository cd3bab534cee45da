import { beforeAll, expect, it } from 'vitest';
import { createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { now } from '../../lib/clock.js';
import { VISIBILITY_RULES } from './rules.js';

/**
 * Every rule answers twice — for one conversation (`allows`, routes and sockets) and as SQL (`where`,
 * lists and aggregates) — and the two must agree, or a conversation hidden from the chat would show in
 * a list. Checked on conversations of every kind of holder and inbox, for an operator limited by both
 * rules, on SQLite and PostgreSQL.
 */
describeEachDatabase('visibility rules agree with their SQL', (kind) => {
  const ctx = useTestApp(kind);
  const at = now();
  let admin = '';
  let ana = { id: '', role: 'operator' as const };
  let bruno = '';

  beforeAll(async () => {
    admin = (await createAndLogin(ctx.app, 'admin')).token;
    ana = { id: (await createAndLogin(ctx.app, 'operator')).user.id, role: 'operator' };
    bruno = (await createAndLogin(ctx.app, 'operator')).user.id;
    const db = ctx.app.db;
    const inbox = (id: string, access: 'all' | 'members') => ({
      id,
      kind: 'simulator',
      name: id,
      phone: null,
      settings: '{}',
      agent_enabled: 1,
      operator_access: access,
      removed_at: null,
      created_at: at,
      updated_at: at,
    });
    await db
      .insertInto('inboxes')
      .values([inbox('vr-open', 'all'), inbox('vr-hers', 'members'), inbox('vr-theirs', 'members')])
      .onConflict((oc) => oc.doNothing())
      .execute();
    await db.insertInto('inbox_members').values({ inbox_id: 'vr-hers', user_id: ana.id }).execute();
    await db
      .insertInto('clients')
      .values({
        id: 'vr-client',
        name: 'C',
        phone: '5511911112222',
        total_messages: 0,
        last_contact: at,
        created_at: at,
      })
      .execute();
    const holders = [
      ['ai', null],
      ['waiting_human', null],
      ['paused', null],
      ['human', ana.id],
      ['human', bruno],
    ] as const;
    let n = 0;
    for (const inboxId of ['vr-open', 'vr-hers', 'vr-theirs']) {
      for (const [mode, holder] of holders) {
        n++;
        await db
          .insertInto('conversations')
          .values({
            id: `vr-${n}`,
            client_id: 'vr-client',
            inbox_id: inboxId,
            status: 'active',
            started_at: at,
            handler_mode: mode,
            handler_user_id: holder,
            handler_since: at,
            updated_at: at,
            tags: '[]',
            message_count: 0,
            response_time_total_ms: 0,
            response_count: 0,
            is_ai_handled: 1,
          })
          .execute();
      }
    }
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/access-control',
      headers: { authorization: `Bearer ${admin}` },
      payload: { operatorsSeeAllConversations: false },
    });
    expect(saved.statusCode).toBe(200);
  });

  it('shows the same conversations one at a time as in a list, rule by rule and together', async () => {
    const rows = await ctx.app.db
      .selectFrom('conversations')
      .select(['id', 'handler_mode', 'handler_user_id', 'inbox_id'])
      .where('id', 'like', 'vr-%')
      .execute();
    const facts = (row: (typeof rows)[number]) => ({
      handlerMode: row.handler_mode,
      handlerUserId: row.handler_user_id,
      inboxId: row.inbox_id,
    });
    for (const rule of VISIBILITY_RULES) {
      const limit = await rule.limitFor(ana, ctx.app.db);
      expect(limit, `${rule.name} limits this operator`).not.toBeNull();
      if (!limit) continue;
      const listed = await ctx.app.db
        .selectFrom('conversations as c')
        .select('c.id')
        .where('c.id', 'like', 'vr-%')
        .where(limit.where('c'))
        .execute();
      const allowed = rows.filter((row) => limit.allows(facts(row))).map((row) => row.id);
      expect(listed.map((r) => r.id).sort(), rule.name).toEqual(allowed.sort());
      expect(allowed.length, rule.name).toBeGreaterThan(0);
      expect(allowed.length, rule.name).toBeLessThan(rows.length);
    }
    const scope = await ctx.app.visibility.scopeFor(ana);
    const listed = await ctx.app.db
      .selectFrom('conversations as c')
      .select('c.id')
      .where('c.id', 'like', 'vr-%')
      .where(scope.where('c'))
      .execute();
    const seen = [];
    for (const row of rows) if (await ctx.app.visibility.canSee(ana, row.id)) seen.push(row.id);
    expect(listed.map((r) => r.id).sort()).toEqual(seen.sort());
    // Nobody's or hers, in an inbox open to all or to her: 4 holders × 2 inboxes.
    expect(seen).toHaveLength(8);
  });
});
