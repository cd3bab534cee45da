import { auditResponseSchema } from '@atende/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { api, pairSimulator } from '../../../test/simulator-kit.js';
import { setClock } from '../../lib/clock.js';
import { CSV_BOM } from '../../lib/csv.js';
import { recordAudit } from './audit.repository.js';

describeEachDatabase('audit log', (kind) => {
  const ctx = useTestApp(kind);
  let admin = { token: '', user: { id: '', name: '' } };
  let operator = '';
  // Entries one second apart, so "newest first" has one right answer. Set when this suite starts, not
  // when it is collected: each database's suite installs and restores its own clock.
  let restoreClock = () => {};
  afterAll(() => restoreClock());
  beforeAll(async () => {
    let instant = Date.parse('2026-11-01T12:00:00Z');
    restoreClock = setClock(() => (instant += 1000));
    const created = await createAndLogin(ctx.app, 'admin');
    admin = { token: created.token, user: { id: created.user.id, name: created.user.name } };
    operator = (await createAndLogin(ctx.app, 'operator')).token;
    for (let i = 0; i < 5; i++) {
      await recordAudit(ctx.app.db, {
        action: 'settings.update',
        actor: admin.user,
        targetType: 'settings',
        targetId: 'config',
        detail: { fields: ['confidenceThreshold'], round: i },
      });
    }
    await recordAudit(ctx.app.db, {
      action: 'client.erase',
      actor: admin.user,
      targetType: 'client',
      targetId: 'c-1',
      detail: { messages: 3, nota: 'ação; "citada"\nnova linha' },
    });
  });

  it('lists newest first, filters by action, and pages with a cursor', async () => {
    const all = await ctx.app.inject({
      url: '/api/audit?action=settings.update&limit=3',
      headers: bearer(admin.token),
    });
    expect(all.statusCode).toBe(200);
    const first = auditResponseSchema.parse(all.json()).data;
    expect(first.entries.map((e) => e.detail.round)).toEqual([4, 3, 2]);
    expect(first.nextCursor).not.toBeNull();
    const rest = await ctx.app.inject({
      url: `/api/audit?action=settings.update&limit=3&cursor=${first.nextCursor}`,
      headers: bearer(admin.token),
    });
    const second = auditResponseSchema.parse(rest.json()).data;
    expect(second.entries.map((e) => e.detail.round)).toEqual([1, 0]);
    expect(second.nextCursor).toBeNull();

    const newest = await ctx.app.inject({ url: '/api/audit?limit=1', headers: bearer(admin.token) });
    expect(auditResponseSchema.parse(newest.json()).data.entries[0]?.action).toBe('client.erase');
    const onlyErase = await ctx.app.inject({
      url: '/api/audit?action=client.erase',
      headers: bearer(admin.token),
    });
    expect(auditResponseSchema.parse(onlyErase.json()).data.entries.map((e) => e.targetId)).toEqual(['c-1']);
  });

  it('refuses operators, unknown actions and forged cursors with a 4xx', async () => {
    const denied = await ctx.app.inject({ url: '/api/audit', headers: bearer(operator) });
    expect(denied.statusCode).toBe(403);
    const exportDenied = await ctx.app.inject({ url: '/api/audit/export', headers: bearer(operator) });
    expect(exportDenied.statusCode).toBe(403);
    const badAction = await ctx.app.inject({
      url: '/api/audit?action=__proto__',
      headers: bearer(admin.token),
    });
    expect(badAction.statusCode).toBe(400);
    expect(badAction.json().success).toBe(false);
    const badCursor = await ctx.app.inject({ url: '/api/audit?cursor=bm9wZQ', headers: bearer(admin.token) });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().message).toBe('Cursor de paginação inválido');
  });

  it('exports CSV for Excel in pt-BR and records the export itself', async () => {
    const res = await ctx.app.inject({
      url: '/api/audit/export?action=client.erase',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('auditoria.csv');
    expect(res.body.startsWith(CSV_BOM)).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('Data;Quem;Ação;Tipo;Alvo;Detalhes;IP');
    expect(lines[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2};/);
    expect(lines[1]).toContain(';Apagou dados do cliente;Cliente;c-1;');
    // The detail holds ; " and a newline: quoted, so the row stays one record.
    expect(res.body).toContain('"{""messages"":3,""nota"":""ação; \\""citada\\""\\nnova linha""}"');

    const after = await ctx.app.inject({
      url: '/api/audit?action=data.export',
      headers: bearer(admin.token),
    });
    const exported = auditResponseSchema.parse(after.json()).data.entries;
    expect(exported).toHaveLength(1);
    expect(exported[0]?.actorId).toBe(admin.user.id);
  });

  it('records sign-ins, failed sign-ins (same row for an unknown e-mail) and knowledge-base edits', async () => {
    for (const email of ['ninguem@teste.local', 'admin@teste.local']) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'errada-123' },
      });
    }
    await ctx.app.inject({
      method: 'POST',
      url: '/api/knowledge-base',
      headers: bearer(admin.token),
      payload: { content: '# Horário\nAbrimos às 9h.' },
    });
    const failed = await ctx.app.inject({
      url: '/api/audit?action=auth.login_failed',
      headers: bearer(admin.token),
    });
    const rows = auditResponseSchema.parse(failed.json()).data.entries;
    expect(rows.map((e) => [e.actorId, e.detail.email])).toEqual([
      [null, 'admin@teste.local'],
      [null, 'ninguem@teste.local'],
    ]);
    const logins = await ctx.app.inject({
      url: '/api/audit?action=auth.login',
      headers: bearer(admin.token),
    });
    expect(auditResponseSchema.parse(logins.json()).data.entries.map((e) => e.actorId)).toContain(
      admin.user.id,
    );
    const kb = await ctx.app.inject({
      url: '/api/audit?action=knowledge_base.update',
      headers: bearer(admin.token),
    });
    expect(auditResponseSchema.parse(kb.json()).data.entries[0]?.detail).toEqual({ chars: 24 });
  });

  it('records settings changes by field name (never a secret value) and user changes', async () => {
    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin-config',
      headers: bearer(admin.token),
      payload: { companyName: 'Loja Teste', aiApiKey: 'sk-segredo-que-nao-pode-vazar' },
    });
    expect(saved.statusCode).toBe(200);
    const settings = await ctx.app.inject({
      url: '/api/audit?action=settings.update',
      headers: bearer(admin.token),
    });
    expect(settings.body).not.toContain('sk-segredo');
    const entry = auditResponseSchema.parse(settings.json()).data.entries[0];
    expect(entry).toMatchObject({
      targetId: 'admin-config',
      detail: { fields: ['companyName', 'aiApiKey'] },
    });
    // Saved again with one change: the entry names that field only.
    await ctx.app.inject({
      method: 'POST',
      url: '/api/admin-config',
      headers: bearer(admin.token),
      payload: { companyName: 'Loja Teste', dataRetentionDays: 400 },
    });
    const again = await ctx.app.inject({
      url: '/api/audit?action=settings.update',
      headers: bearer(admin.token),
    });
    expect(auditResponseSchema.parse(again.json()).data.entries[0]?.detail).toEqual({
      fields: ['dataRetentionDays'],
    });

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(admin.token),
      payload: {
        name: 'Nova Operadora',
        email: `nova-${Date.now()}@teste.local`,
        role: 'operator',
        password: 'senha-forte-123',
      },
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as string;
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${id}`,
      headers: bearer(admin.token),
      payload: { disabled: true },
    });
    const users = await ctx.app.inject({ url: `/api/audit?targetId=${id}`, headers: bearer(admin.token) });
    expect(auditResponseSchema.parse(users.json()).data.entries.map((e) => e.action)).toEqual([
      'user.disable',
      'user.create',
    ]);
  });

  it('names each subject as it is now: a user, a client, a conversation by its client; an erased client by id only', async () => {
    await pairSimulator(ctx.app, admin.token);
    const as = api(ctx.app, admin.token);
    const sent = (
      await as.post('/api/simulator/inbound', { phone: '5511955554444', name: 'Lia', text: 'Oi' })
    ).body.data as { clientId: string; conversationId: string };
    const renamed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/clients/${sent.clientId}`,
      headers: bearer(admin.token),
      payload: { name: 'Lia Prado' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await as.post(`/api/conversations/${sent.conversationId}/takeover`, {})).status).toBe(200);
    const entries = async (targetId: string) =>
      auditResponseSchema.parse(
        (
          await ctx.app.inject({ url: `/api/audit?targetId=${targetId}`, headers: bearer(admin.token) })
        ).json(),
      ).data.entries;

    expect((await entries(sent.clientId))[0]).toMatchObject({
      action: 'client.update',
      targetName: 'Lia Prado',
    });
    expect((await entries(sent.conversationId))[0]).toMatchObject({
      action: 'conversation.takeover',
      targetName: 'Lia Prado',
    });
    const operatorId = (await ctx.app.inject({ url: '/api/auth/me', headers: bearer(operator) })).json().data
      .id as string;
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${operatorId}`,
      headers: bearer(admin.token),
      payload: { disabled: true },
    });
    const disabled = (await entries(operatorId))[0];
    expect(disabled).toMatchObject({ action: 'user.disable', targetType: 'user' });
    expect(disabled?.targetName).toMatch(/\S/);
    // Entries with no nameable subject say null.
    expect((await entries('config')).every((entry) => entry.targetName === null)).toBe(true);

    await as.post(`/api/clients/${sent.clientId}/erase`, { confirm: sent.clientId });
    for (const entry of [...(await entries(sent.clientId)), ...(await entries(sent.conversationId))]) {
      expect(entry.targetName).toBeNull();
    }
  });
});
