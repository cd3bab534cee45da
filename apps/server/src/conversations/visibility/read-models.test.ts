import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { api, pairSimulator } from '../../../test/simulator-kit.js';
import { recordGap } from '../../agent/knowledge-gaps/knowledge-gaps.repository.js';
import { now } from '../../lib/clock.js';

/**
 * With `operatorsSeeAllConversations=false`, what an operator is shown over many conversations: counts
 * over all of them, but the words and the customer only of the conversations they may see
 * (docs/security.md, "Operators' visibility"). Ana holds Alice's conversation, Bruno holds
 * Berenice's, nobody holds Olga's.
 */
describeEachDatabase('visibility of read models', (kind) => {
  const ctx = useTestApp(kind);
  let admin = '';
  let ana = '';
  const ids = { open: '', anas: '', brunos: '' };
  const clients = { open: '', brunos: '' };
  const phones = { brunos: '' };
  const CPF_QUESTION = 'Meu CPF é 123.456.789-09, cadê o reembolso do pedido?';
  const OPEN_QUESTION = 'Vocês entregam em Manaus no sábado?';
  const as = (token: string) => api(ctx.app, token);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

  const inbound = async (phone: string, name: string, text: string) => {
    const response = await as(admin).post('/api/simulator/inbound', { phone, name, text });
    expect(response.status).toBe(200);
    return response.body.data.conversationId as string;
  };
  const csv = async (token: string, table: string) => {
    const response = await ctx.app.inject({
      url: `/api/analytics/export/${table}?from=${today}&to=${today}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  const firstMessageOf = async (conversationId: string) =>
    (
      await ctx.app.db
        .selectFrom('messages')
        .select('id')
        .where('conversation_id', '=', conversationId)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    admin = (await createAndLogin(ctx.app, 'admin')).token;
    ana = (await createAndLogin(ctx.app, 'operator')).token;
    const bruno = (await createAndLogin(ctx.app, 'operator')).token;
    await pairSimulator(ctx.app, admin);
    await ctx.app.domain.jobs.stop();
    const stamp = String(Date.now()).slice(-7);
    phones.brunos = `5531911${stamp}`;
    ids.open = await inbound(`5511911${stamp}`, 'Olga Aberta', OPEN_QUESTION);
    ids.anas = await inbound(`5521911${stamp}`, 'Alice da Ana', 'Quero trocar um produto');
    ids.brunos = await inbound(phones.brunos, 'Berenice do Bruno', CPF_QUESTION);
    expect((await as(ana).post(`/api/conversations/${ids.anas}/takeover`)).status).toBe(200);
    expect((await as(bruno).post(`/api/conversations/${ids.brunos}/takeover`)).status).toBe(200);
    // The agent would record these when handing the questions off.
    for (const [conversationId, question] of [
      [ids.brunos, CPF_QUESTION],
      [ids.open, OPEN_QUESTION],
    ] as const) {
      await recordGap(ctx.app.db, {
        question,
        reason: 'handoff',
        conversationId,
        messageId: await firstMessageOf(conversationId),
        at: now(),
      });
    }
    const rows = await ctx.app.db
      .selectFrom('conversations')
      .select(['id', 'client_id'])
      .where('id', 'in', [ids.open, ids.brunos])
      .execute();
    clients.open = rows.find((r) => r.id === ids.open)?.client_id ?? '';
    clients.brunos = rows.find((r) => r.id === ids.brunos)?.client_id ?? '';
    expect(
      (await as(admin).post('/api/access-control', { operatorsSeeAllConversations: false })).status,
    ).toBe(200);
  });
  afterAll(async () => {
    await as(admin).post('/api/access-control', { operatorsSeeAllConversations: true });
  });

  it("refuses to mark another operator's conversation converted, and writes nothing", async () => {
    const refused = await as(ana).post('/api/analytics/conversions', { conversationId: ids.brunos });
    expect(refused.status).toBe(404);
    const row = await ctx.app.db
      .selectFrom('conversations')
      .select(['converted_at', 'tags'])
      .where('id', '=', ids.brunos)
      .executeTakeFirstOrThrow();
    expect(row.converted_at).toBeNull();
    const conversions = await ctx.app.db
      .selectFrom('activities')
      .select('id')
      .where('type', '=', 'conversion')
      .where('conversation_id', '=', ids.brunos)
      .execute();
    expect(conversions).toEqual([]);
    expect((await as(ana).post('/api/analytics/conversions', { conversationId: ids.anas })).status).toBe(200);
  });

  it("the dashboard's activity names only the customers of conversations the operator sees", async () => {
    const seen = (await as(ana).get('/api/dashboard/activity')).body.data as Array<{ description: string }>;
    const text = seen.map((a) => a.description).join('\n');
    expect(text).toContain('Olga Aberta');
    expect(text).not.toContain('Berenice');
    const all = (await as(admin).get('/api/dashboard/activity')).body.data as Array<{ description: string }>;
    expect(all.map((a) => a.description).join('\n')).toContain('Berenice');
  });

  it("knowledge gaps quote only the operator's conversations' customers", async () => {
    const questions = async (token: string) =>
      ((await as(token).get('/api/knowledge-gaps?status=all')).body.data as Array<{ question: string }>).map(
        (g) => g.question,
      );
    expect(await questions(ana)).toEqual([OPEN_QUESTION]);
    expect((await questions(admin)).sort()).toEqual([CPF_QUESTION, OPEN_QUESTION].sort());
  });

  it('the analytics report counts every conversation but quotes only visible ones', async () => {
    const report = async (token: string) => {
      const response = await as(token).get(`/api/analytics/report?from=${today}&to=${today}`);
      expect(response.status).toBe(200);
      return response.body.data as {
        conversations: { started: number; active: number };
        knowledgeGaps: Array<{ question: string }>;
      };
    };
    const [hers, all] = [await report(ana), await report(admin)];
    expect(hers.conversations).toEqual(all.conversations);
    expect(hers.conversations.started).toBeGreaterThanOrEqual(3);
    expect(hers.knowledgeGaps.map((g) => g.question)).toEqual([OPEN_QUESTION]);
    expect(all.knowledgeGaps.map((g) => g.question)).toContain(CPF_QUESTION);
  });

  it("the CSV exports hold no hidden conversation's id, customer, phone or question", async () => {
    const conversations = await csv(ana, 'conversas');
    expect(conversations).toContain(ids.open);
    for (const hidden of [ids.brunos, 'Berenice', phones.brunos]) expect(conversations).not.toContain(hidden);
    expect(await csv(admin, 'conversas')).toContain('Berenice');
    const gaps = await csv(ana, 'lacunas');
    expect(gaps).toContain('Manaus');
    expect(gaps).not.toContain('123.456.789-09');
    expect(await csv(admin, 'lacunas')).toContain('123.456.789-09');
    // Counts stay whole.
    expect(await csv(ana, 'resumo')).toEqual(await csv(admin, 'resumo'));
  });

  it('a customer with no conversation the operator sees is not listed, shown or edited', async () => {
    const map = (await as(ana).get('/api/clients')).body.data as Record<string, unknown>;
    expect(Object.keys(map)).toContain(clients.open);
    expect(Object.keys(map)).not.toContain(clients.brunos);
    const byIds = (await as(ana).get(`/api/clients?ids=${clients.brunos}`)).body.data;
    expect(byIds).toEqual({});
    const page = (await as(ana).get('/api/clients/page?search=Berenice')).body.data;
    expect(page).toMatchObject({ clients: [], total: 0 });
    expect((await as(ana).get(`/api/clients/${clients.brunos}`)).status).toBe(404);
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/clients/${clients.brunos}`,
      headers: bearer(ana),
      payload: { notes: 'vista por quem não deveria' },
    });
    expect(edit.statusCode).toBe(404);
    expect((await as(admin).get(`/api/clients/${clients.brunos}`)).status).toBe(200);
    const adminPage = (await as(admin).get('/api/clients/page?search=Berenice')).body.data;
    expect(adminPage.total).toBe(1);
  });
});
