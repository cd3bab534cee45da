import type { Conversation, DomainEvent, TimelineEntry } from '@atende/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, describeEachDatabase, listen, nextEvent, sleep, useTestApp } from '../../../test/helpers.js';
import { api, joinedSocket, type TestSocket } from '../../../test/simulator-kit.js';
import { type Person, signInTeam, simulatedCustomers } from '../../../test/team-fixtures.js';
import { invalidateSettings } from '../../kernel/settings/settings.service.js';
import { SWEEP_EVERY_MS } from '../assignment/team-clock.js';

/**
 * The conversation's life cycle end to end on the real server: resolve, the customer coming back
 * (reopenTo), snooze until a time or the next message, abandoned after abandonAfterMinutes, archive,
 * delete (admins, audited), private notes with mentions, unread state, and automatic assignment.
 */
describeEachDatabase('the team’s day', (kind) => {
  const ctx = useTestApp(kind, { PRESENCE_GRACE_MS: '50' });
  let admin: Person;
  let ana: Person;
  let bruno: Person;
  let baseUrl = '';
  const sockets: TestSocket[] = [];
  const published: DomainEvent[] = [];
  const as = (token = admin.token) => api(ctx.app, token);
  const { writes: customerWrites } = simulatedCustomers(as, 5511970000000);

  beforeAll(async () => {
    [admin, ana, bruno] = await signInTeam(ctx.app, 'admin', 'operator', 'operator');
    baseUrl = await listen(ctx.app);
    ctx.app.domainEvents.subscribe((event) => published.push(event));
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });

  const socket = async (token: string, conversationId?: string) => {
    const s = await joinedSocket(baseUrl, token, conversationId);
    sockets.push(s);
    return s;
  };
  const conversation = async (id: string) =>
    (await as().get(`/api/conversations/${id}?messagesLimit=1`)).body.data as Conversation;
  const timeline = async (id: string) =>
    (await as().get(`/api/conversations/${id}/timeline`)).body.data as TimelineEntry[];
  const agentJobs = async (conversationId: string) =>
    (
      await ctx.app.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', 'agent_reply')
        .where('payload', 'like', `%${conversationId}%`)
        .execute()
    ).length;
  const setRules = (rules: Record<string, unknown>) => as().post('/api/conversation-rules', rules);

  describe('resolve and the customer coming back', () => {
    it('resolves: completed, a line in the transcript, the status event, no handler shown', async () => {
      const { conversationId } = await customerWrites('Olá, preciso de ajuda');
      const watcher = await socket(admin.token);
      const status = nextEvent<{ conversationId: string; status: string }>(
        watcher,
        'conversations:statusUpdate',
      );
      const resolved = await as(ana.token).post(`/api/conversations/${conversationId}/resolve`);
      expect(resolved.status).toBe(200);
      expect(resolved.body.data.status).toBe('completed');
      expect(await status).toEqual({ conversationId, status: 'completed' });
      const lines = await timeline(conversationId);
      expect(lines.at(-1)).toMatchObject({ kind: 'event', event: 'resolved', author: { id: ana.id } });
      expect(lines.at(-1)?.text).toBe(`${ana.name} finalizou a conversa`);
      expect(published).toContainEqual(
        expect.objectContaining({
          type: 'conversation.status_changed',
          data: expect.objectContaining({ conversationId, status: 'completed', previousStatus: 'active' }),
        }),
      );
      // The header offers no takeover on a finished conversation; the server refuses it alike.
      const takeover = await as(ana.token).post(`/api/conversations/${conversationId}/takeover`);
      expect(takeover.status).toBe(409);
      expect(takeover.body.message).toBe('Reabra a conversa para assumi-la');
      expect((await as(ana.token).post(`/api/conversations/${conversationId}/resolve`)).status).toBe(409);
    });

    it('reopenTo last-person: the customer writes again and it goes back to who held it, the AI silent', async () => {
      await setRules({ reopenTo: 'last-person' });
      const { conversationId, phone: customer } = await customerWrites('Quero trocar um produto');
      await as(ana.token).post(`/api/conversations/${conversationId}/takeover`);
      await as(ana.token).post(`/api/conversations/${conversationId}/resolve`);
      const before = await agentJobs(conversationId);
      await customerWrites('Oi de novo, esqueci uma coisa', customer);
      const back = await conversation(conversationId);
      expect(back.status).toBe('active');
      expect(back.handler).toMatchObject({ mode: 'human', userId: ana.id });
      expect(await agentJobs(conversationId)).toBe(before);
      const lines = (await timeline(conversationId)).map((line) => line.text);
      expect(lines).toContain('O cliente escreveu: conversa reaberta');
    });

    it('reopenTo ai: the customer writes again and the AI answers', async () => {
      await setRules({ reopenTo: 'ai' });
      const { conversationId, phone: customer } = await customerWrites('Qual o horário?');
      await as(ana.token).post(`/api/conversations/${conversationId}/takeover`);
      await as(ana.token).post(`/api/conversations/${conversationId}/resolve`);
      const before = await agentJobs(conversationId);
      await customerWrites('E no sábado?', customer);
      const back = await conversation(conversationId);
      expect(back.handler.mode).toBe('ai');
      expect(await agentJobs(conversationId)).toBe(before + 1);
      await setRules({ reopenTo: 'last-person' });
    });

    it('an admin resolving someone else’s conversation is audited', async () => {
      const { conversationId } = await customerWrites('Meu pedido não chegou');
      await as(ana.token).post(`/api/conversations/${conversationId}/takeover`);
      await as(admin.token).post(`/api/conversations/${conversationId}/resolve`);
      const audit = await ctx.app.db
        .selectFrom('audit_log')
        .select(['action', 'actor_id'])
        .where('target_id', '=', conversationId)
        .where('action', '=', 'conversation.resolve')
        .execute();
      expect(audit).toEqual([{ action: 'conversation.resolve', actor_id: admin.id }]);
    });
  });

  describe('snooze', () => {
    it('until a time: paused, and the wake job brings it back', async () => {
      const { conversationId } = await customerWrites('Vou ver e te aviso');
      const until = new Date(Date.now() + 60 * 60_000).toISOString();
      const snoozed = await as(ana.token).post(`/api/conversations/${conversationId}/snooze`, { until });
      expect(snoozed.status).toBe(200);
      expect(snoozed.body.data).toMatchObject({ status: 'paused', snoozedUntil: until });
      // Its hour comes: the durable job is due and runs.
      await ctx.app.db
        .updateTable('jobs')
        .set({ run_at: 0 })
        .where('kind', '=', 'conversation_wake')
        .execute();
      await ctx.app.db
        .updateTable('jobs')
        .set({ status: 'done' })
        .where('kind', '=', 'agent_reply')
        .execute();
      await ctx.app.domain.jobs.drain();
      const woken = await conversation(conversationId);
      expect(woken).toMatchObject({ status: 'active', snoozedUntil: null });
      expect((await timeline(conversationId)).at(-1)?.event).toBe('woke');
    });

    it('until the customer writes: the next message wakes it, with whoever held it', async () => {
      const { conversationId, phone: customer } = await customerWrites('Aguardo o orçamento');
      await as(ana.token).post(`/api/conversations/${conversationId}/takeover`);
      await as(ana.token).post(`/api/conversations/${conversationId}/snooze`, { until: null });
      expect((await conversation(conversationId)).status).toBe('paused');
      await customerWrites('Conseguiu ver?', customer);
      const back = await conversation(conversationId);
      expect(back).toMatchObject({ status: 'active', snoozedUntil: null });
      expect(back.handler).toMatchObject({ mode: 'human', userId: ana.id });
    });

    it('refuses a time in the past, and snoozing what is not active', async () => {
      const { conversationId } = await customerWrites('Oi');
      const past = await as(ana.token).post(`/api/conversations/${conversationId}/snooze`, {
        until: new Date(Date.now() - 60_000).toISOString(),
      });
      expect(past.status).toBe(400);
      expect(past.body.success).toBe(false);
      await as(ana.token).post(`/api/conversations/${conversationId}/resolve`);
      const finished = await as(ana.token).post(`/api/conversations/${conversationId}/snooze`, {
        until: null,
      });
      expect(finished.status).toBe(409);
    });
  });

  it('abandonAfterMinutes: a conversation whose customer went quiet after our answer becomes abandoned', async () => {
    await setRules({ abandonAfterMinutes: 120 });
    const quiet = await customerWrites('Obrigado, vou pensar');
    const recent = await customerWrites('Tenho uma dúvida');
    const threeHoursAgo = Date.now() - 3 * 3_600_000;
    // Our answer was the last word, three hours ago (quiet) / 5 s short of two hours ago (recent).
    // The recent one reaches the time halfway to the next round (seconds from now, never past it).
    let roundAt = (Math.floor(Date.now() / SWEEP_EVERY_MS) + 1) * SWEEP_EVERY_MS;
    if (roundAt - Date.now() < 6_000) {
      await sleep(roundAt - Date.now() + 50);
      roundAt += SWEEP_EVERY_MS;
    }
    const dueAt = Date.now() + Math.floor((roundAt - Date.now()) / 2);
    const recentAt = dueAt - 120 * 60_000;
    await ctx.app.db
      .updateTable('conversations')
      .set({ awaiting_since: null, last_message_time: threeHoursAgo, handler_since: threeHoursAgo - 60_000 })
      .where('id', '=', quiet.conversationId)
      .execute();
    await ctx.app.db
      .updateTable('conversations')
      .set({ awaiting_since: null, last_message_time: recentAt, handler_since: recentAt - 60_000 })
      .where('id', '=', recent.conversationId)
      .execute();
    await ctx.app.db
      .updateTable('jobs')
      .set({ run_at: 0 })
      .where('kind', '=', 'conversation_sweep')
      .execute();
    await ctx.app.db.updateTable('jobs').set({ status: 'done' }).where('kind', '=', 'agent_reply').execute();
    await ctx.app.domain.jobs.drain();
    expect((await conversation(quiet.conversationId)).status).toBe('abandoned');
    expect((await conversation(recent.conversationId)).status).toBe('active');
    expect((await timeline(quiet.conversationId)).at(-1)?.text).toBe(
      'O cliente não respondeu por 2 h: conversa abandonada',
    );

    // A run is booked for the instant the recent one reaches the time, before the next round.
    const booked = await ctx.app.db
      .selectFrom('jobs')
      .select('run_at')
      .where('kind', '=', 'conversation_sweep')
      .where('status', '=', 'pending')
      .execute();
    expect(booked.map((job) => Number(job.run_at))).toContain(dueAt);
    await setRules({ abandonAfterMinutes: 24 * 60 });
  });

  it('abandonAfterMinutes: a shorter time saved applies at once, without waiting for the round', async () => {
    const quiet = await customerWrites('Vou ver com meu marido');
    await ctx.app.db
      .updateTable('conversations')
      .set({
        awaiting_since: null,
        last_message_time: Date.now() - 10 * 60_000,
        handler_since: Date.now() - 11 * 60_000,
      })
      .where('id', '=', quiet.conversationId)
      .execute();
    await ctx.app.db.updateTable('jobs').set({ status: 'done' }).where('kind', '=', 'agent_reply').execute();
    await ctx.app.domain.jobs.drain();
    expect((await conversation(quiet.conversationId)).status).toBe('active');
    // The save books a run for now (this file runs the jobs itself).
    await setRules({ abandonAfterMinutes: 5 });
    await ctx.app.domain.jobs.drain();
    expect((await conversation(quiet.conversationId)).status).toBe('abandoned');
    expect((await timeline(quiet.conversationId)).at(-1)?.text).toBe(
      'O cliente não respondeu por 5 min: conversa abandonada',
    );
    await setRules({ abandonAfterMinutes: 24 * 60 });
  });

  it('abandons no customer who waits on us: handed off to the queue, or held by someone who has not written', async () => {
    const tenMinutesAgo = Date.now() - 10 * 60_000;
    const queued = await customerWrites('Quero falar com uma pessoa');
    const held = await customerWrites('Quero falar com uma pessoa');
    const answered = await customerWrites('Quero falar com uma pessoa');
    await ctx.app.domain.messaging.changeHandler(queued.conversationId, {
      mode: 'waiting_human',
      reason: 'pedido do cliente',
    });
    for (const { conversationId } of [held, answered]) {
      expect((await as(ana.token).post(`/api/conversations/${conversationId}/takeover`)).status).toBe(200);
    }
    // The AI's "I'll call someone" was the last word ten minutes ago, before Ana took two of them...
    for (const { conversationId } of [queued, held, answered]) {
      await ctx.app.db
        .updateTable('conversations')
        .set({ awaiting_since: null, last_message_time: tenMinutesAgo })
        .where('id', '=', conversationId)
        .execute();
    }
    // ...and Ana answered one of hers before going quiet with the customer.
    await ctx.app.db
      .updateTable('conversations')
      .set({ handler_since: tenMinutesAgo - 60_000 })
      .where('id', '=', answered.conversationId)
      .execute();
    await setRules({ abandonAfterMinutes: 5 });
    await ctx.app.domain.jobs.drain();
    expect((await conversation(queued.conversationId)).status).toBe('active');
    expect((await conversation(held.conversationId)).status).toBe('active');
    expect((await conversation(answered.conversationId)).status).toBe('abandoned');
    await setRules({ abandonAfterMinutes: 24 * 60 });
  });

  it('keeps a silence set in hours by an older version, in minutes', async () => {
    await ctx.app.db
      .updateTable('settings')
      .set({ value: JSON.stringify({ reopenTo: 'last-person', abandonAfterHours: 3 }) })
      .where('key', '=', 'conversation-rules')
      .execute();
    invalidateSettings(ctx.app.db);
    expect((await as().get('/api/conversation-rules')).body.data).toEqual({
      reopenTo: 'last-person',
      abandonAfterMinutes: 180,
    });
    await setRules({ abandonAfterMinutes: 24 * 60 });
  });

  it('archive keeps everything and moves it to the archive filter; the customer writing unarchives it', async () => {
    const { conversationId, phone: customer } = await customerWrites('Arquivem isto');
    expect((await as(ana.token).post(`/api/conversations/${conversationId}/archive`)).status).toBe(200);
    const listed = async (status: string) =>
      ((await as().get(`/api/conversations?status=${status}&limit=200`)).body.data as Conversation[]).map(
        (c) => c.id,
      );
    expect(await listed('all')).not.toContain(conversationId);
    expect(await listed('archived')).toContain(conversationId);
    const audit = await ctx.app.db
      .selectFrom('audit_log')
      .select('actor_id')
      .where('target_id', '=', conversationId)
      .where('action', '=', 'conversation.archive')
      .execute();
    expect(audit).toEqual([{ actor_id: ana.id }]);
    await customerWrites('Voltei', customer);
    expect(await listed('all')).toContain(conversationId);
    expect((await conversation(conversationId)).archivedAt).toBeNull();
  });

  it('delete: operators are refused; an admin deletes everything of it, audited', async () => {
    const { conversationId } = await customerWrites('Apaguem esta conversa');
    await as(ana.token).post(`/api/conversations/${conversationId}/notes`, { text: 'nota qualquer' });
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/conversations/${conversationId}`,
      headers: bearer(ana.token),
    });
    expect(refused.statusCode).toBe(403);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/conversations/${conversationId}`,
      headers: bearer(admin.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await as().get(`/api/conversations/${conversationId}`)).status).toBe(404);
    const left = await Promise.all(
      (['messages', 'conversation_timeline'] as const).map((table) =>
        ctx.app.db.selectFrom(table).select('id').where('conversation_id', '=', conversationId).execute(),
      ),
    );
    expect(left.flat()).toEqual([]);
    const audit = await ctx.app.db
      .selectFrom('audit_log')
      .select('actor_id')
      .where('target_id', '=', conversationId)
      .where('action', '=', 'conversation.delete')
      .execute();
    expect(audit).toEqual([{ actor_id: admin.id }]);
  });

  it('a private note mentions a colleague: they are told, and it never reaches the customer', async () => {
    const { conversationId, phone: customer } = await customerWrites('Preciso de um desconto');
    const brunoSocket = await socket(bruno.token);
    const told = nextEvent<{ kind: string; conversationId: string; title: string }>(
      brunoSocket,
      'notification:new',
    );
    const before = published.length;
    const note = await as(ana.token).post(`/api/conversations/${conversationId}/notes`, {
      text: `@${bruno.name} você pode aprovar 10%?`,
    });
    expect(note.status).toBe(200);
    expect(note.body.data).toMatchObject({ kind: 'note', mentions: [{ id: bruno.id, name: bruno.name }] });
    expect(await told).toMatchObject({
      kind: 'mention',
      conversationId,
      title: `${ana.name} mencionou você`,
    });
    // Not a message: no webhook, nothing sent, not in the customer's export.
    expect(published.slice(before).filter((event) => event.type.startsWith('message.'))).toEqual([]);
    const outbox = await as().get(`/api/simulator/outbox?phone=${customer}`);
    expect(JSON.stringify(outbox.body)).not.toContain('aprovar 10%');
    const clientId = (await conversation(conversationId)).clientId;
    const exported = await ctx.app.inject({
      method: 'GET',
      url: `/api/clients/${clientId}/export`,
      headers: bearer(admin.token),
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).not.toContain('aprovar 10%');
    // The bell lists it for Bruno.
    const bell = await as(bruno.token).get('/api/notifications');
    expect(bell.body.data.items).toContainEqual(expect.objectContaining({ kind: 'mention', conversationId }));
  });

  describe('unread and automatic assignment', () => {
    let inboxId = '';
    beforeAll(async () => {
      inboxId = (await as().get('/api/inboxes')).body.data[0].id as string;
      const updated = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/inboxes/${inboxId}`,
        headers: bearer(admin.token),
        payload: { autoAssign: true, assignCapacity: 1 },
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json().data).toMatchObject({ autoAssign: true, assignCapacity: 1 });
    });
    afterAll(async () => {
      await ctx.app.inject({
        method: 'PATCH',
        url: `/api/inboxes/${inboxId}`,
        headers: bearer(admin.token),
        payload: { autoAssign: false },
      });
    });

    const handOff = (conversationId: string) =>
      ctx.app.domain.messaging.changeHandler(conversationId, {
        mode: 'waiting_human',
        reason: 'cliente pediu um atendente',
        cause: 'asked_for_person',
      });
    const settle = async (conversationId: string, done: (c: Conversation) => boolean) => {
      for (let i = 0; i < 100 && !done(await conversation(conversationId)); i++) await sleep(20);
      return conversation(conversationId);
    };

    it('hands off to the available operator with room, not to the one who is away; the rest waits', async () => {
      // Ana is online with a dashboard open; Bruno has one open but is away.
      const anaSocket = await socket(ana.token);
      await socket(bruno.token);
      expect((await as(bruno.token).post('/api/profile/availability', { availability: 'away' })).status).toBe(
        200,
      );
      for (const c of (await as(ana.token).get('/api/conversations?assignee=me&limit=200')).body
        .data as Conversation[])
        await as(ana.token).post(`/api/conversations/${c.id}/resolve`);

      const told = nextEvent<{ kind: string }>(anaSocket, 'notification:new');
      const first = await customerWrites('Quero falar com alguém');
      await handOff(first.conversationId);
      const assigned = await settle(first.conversationId, (c) => c.handler.mode === 'human');
      expect(assigned.handler).toMatchObject({ mode: 'human', userId: ana.id });
      expect(await told).toMatchObject({ kind: 'assigned' });
      expect((await timeline(first.conversationId)).at(-1)?.text).toBe(
        `Atribuída automaticamente a ${ana.name}`,
      );

      // Ana's capacity is 1: the next one waits, unassigned, and shows unread to her.
      const second = await customerWrites('Também quero um atendente');
      await handOff(second.conversationId);
      await sleep(100);
      expect((await conversation(second.conversationId)).handler.mode).toBe('waiting_human');
      const queue = (await as(ana.token).get('/api/conversations?assignee=none&limit=200')).body
        .data as Conversation[];
      expect(queue.map((c) => c.id)).toContain(second.conversationId);
      expect(queue.find((c) => c.id === second.conversationId)?.unreadCount).toBe(1);
      const attention = (await as(ana.token).get('/api/conversations/attention')).body.data;
      expect(attention).toMatchObject({ mine: 1 });
      expect(attention.unassigned).toBeGreaterThanOrEqual(1);
      expect(attention.unread).toBeGreaterThanOrEqual(2);

      // Seeing it clears its unread count.
      await as(ana.token).post(`/api/conversations/${first.conversationId}/read`);
      const mine = (await as(ana.token).get('/api/conversations?assignee=me&limit=200')).body
        .data as Conversation[];
      expect(mine.find((c) => c.id === first.conversationId)?.unreadCount).toBe(0);

      // Ana resolves the first: her place is free and the waiting one comes to her.
      await as(ana.token).post(`/api/conversations/${first.conversationId}/resolve`);
      const next = await settle(second.conversationId, (c) => c.handler.mode === 'human');
      expect(next.handler).toMatchObject({ mode: 'human', userId: ana.id });
      await as(ana.token).post(`/api/conversations/${second.conversationId}/resolve`);
    });

    /** The next `user:availability` of Ana saying `value`. */
    const heard = (watcher: TestSocket, value: string) =>
      new Promise<{ userId: string; availability: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${value}`)), 3000);
        const listener = (event: { userId: string; availability: string }) => {
          if (event.userId !== ana.id || event.availability !== value) return;
          clearTimeout(timer);
          watcher.off('user:availability', listener);
          resolve(event);
        };
        watcher.on('user:availability', listener);
      });

    it('offline once the last dashboard closes, and what they chose when they come back', async () => {
      const watcher = await socket(admin.token);
      const anaSocket = await socket(ana.token);
      const busy = heard(watcher, 'busy');
      await as(ana.token).post('/api/profile/availability', { availability: 'busy' });
      await busy;
      const offline = heard(watcher, 'offline');
      anaSocket.disconnect();
      expect(await offline).toEqual({ userId: ana.id, availability: 'offline' });
      const members = (await as().get('/api/team/members')).body.data as Array<{
        id: string;
        availability: string;
      }>;
      expect(members.find((m) => m.id === ana.id)?.availability).toBe('offline');
      const back = heard(watcher, 'busy');
      await socket(ana.token);
      expect(await back).toEqual({ userId: ana.id, availability: 'busy' });
      await as(ana.token).post('/api/profile/availability', { availability: 'online' });
    });

    it('an admin changing a colleague’s availability is audited; an operator cannot', async () => {
      expect(
        (await as(ana.token).post('/api/profile/availability', { availability: 'away', userId: bruno.id }))
          .status,
      ).toBe(403);
      expect(
        (
          await as(admin.token).post('/api/profile/availability', {
            availability: 'online',
            userId: bruno.id,
          })
        ).status,
      ).toBe(200);
      const audit = await ctx.app.db
        .selectFrom('audit_log')
        .select(['actor_id', 'target_id'])
        .where('action', '=', 'user.availability')
        .execute();
      expect(audit).toContainEqual({ actor_id: admin.id, target_id: bruno.id });
    });
  });

  it('bulk: resolves many at once, each one alone (a finished one fails with why)', async () => {
    const a = await customerWrites('um');
    const b = await customerWrites('dois');
    await as().post(`/api/conversations/${b.conversationId}/resolve`);
    const result = await as(ana.token).post('/api/conversations/bulk', {
      action: 'resolve',
      conversationIds: [a.conversationId, b.conversationId],
    });
    expect(result.status).toBe(200);
    expect(result.body.data).toEqual({
      done: [a.conversationId],
      failed: [{ conversationId: b.conversationId, message: 'Esta conversa já está finalizada' }],
    });
    const assign = await as(ana.token).post('/api/conversations/bulk', {
      action: 'assign',
      conversationIds: [a.conversationId],
      userId: bruno.id,
    });
    expect(assign.status).toBe(403);
  });
});
