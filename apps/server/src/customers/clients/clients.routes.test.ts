import { clientDetailResponseSchema, clientPageResponseSchema } from '@atende/contracts';
import { beforeAll, expect, it } from 'vitest';
import { bearer, createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { clientSearchName } from '../../conversations/messaging/search-text.js';
import { now } from '../../lib/clock.js';

const DAY = 86_400_000;

describeEachDatabase('clients (CRM)', (kind) => {
  const ctx = useTestApp(kind);
  let admin = '';
  let operator = '';
  const at = now();

  async function client(id: string, name: string, phone: string, lastContactDaysAgo: number, extra = {}) {
    await ctx.app.db
      .insertInto('clients')
      .values({
        id,
        name,
        // As the messaging module writes it with the name.
        search_name: clientSearchName(name),
        phone,
        total_messages: 0,
        last_contact: at - lastContactDaysAgo * DAY,
        created_at: at - 100 * DAY,
        ...extra,
      })
      .execute();
  }
  async function conversation(id: string, clientId: string, startedDaysAgo: number) {
    await ctx.app.db
      .insertInto('conversations')
      .values({
        id,
        client_id: clientId,
        status: 'active',
        started_at: at - startedDaysAgo * DAY,
        last_message_time: at - startedDaysAgo * DAY + 60_000,
        last_message: 'Obrigado!',
        handler_mode: 'ai',
        handler_since: at,
        updated_at: at,
        tags: '[]',
        message_count: 2,
        response_time_total_ms: 0,
        response_count: 0,
        is_ai_handled: 1,
      })
      .execute();
  }
  async function message(
    id: string,
    conversationId: string,
    sender: 'client' | 'agent',
    secondsAfter: number,
    ai = false,
    /** A reply's response time, as the messaging module stores it. */
    responseSeconds: number | null = null,
  ) {
    await ctx.app.db
      .insertInto('messages')
      .values({
        id,
        conversation_id: conversationId,
        sender,
        content: `${sender} ${id}`,
        type: 'text',
        timestamp: at - 2 * DAY + secondsAfter * 1000,
        ai_generated: ai ? 1 : 0,
        status: 'delivered',
        evidence: '[]',
        created_at: at,
        response_ms: responseSeconds === null ? null : responseSeconds * 1000,
      })
      .execute();
  }

  beforeAll(async () => {
    admin = (await createAndLogin(ctx.app, 'admin')).token;
    operator = (await createAndLogin(ctx.app, 'operator')).token;
    await client('k1', 'Ana Souza', '5511999990001', 1, { email: 'ana@exemplo.com', labels: '["vip"]' });
    await client('k2', 'Bruno Conceição Lima', '5511999990002', 20);
    await client('k3', 'Carla 50% Dias', '5521988880003', 200);
    await conversation('c1', 'k1', 2);
    await conversation('c2', 'k1', 40);
    await message('m1', 'c1', 'client', 0);
    await message('m2', 'c1', 'agent', 12, true, 12);
    await message('m3', 'c1', 'client', 60);
    await message('m4', 'c1', 'agent', 90, false, 30);
  });

  const page = async (query: string, token = operator) => {
    const res = await ctx.app.inject({ url: `/api/clients/page?${query}`, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    return clientPageResponseSchema.parse(res.json()).data;
  };

  it('lists most recent contact first, pages with a cursor, and counts conversations', async () => {
    const first = await page('limit=2');
    expect(first.total).toBe(3);
    expect(first.clients.map((c) => [c.id, c.conversationCount])).toEqual([
      ['k1', 2],
      ['k2', 0],
    ]);
    const second = await page(`limit=2&cursor=${first.nextCursor}`);
    expect(second.clients.map((c) => c.id)).toEqual(['k3']);
    expect(second.nextCursor).toBeNull();
  });

  it('searches name, e-mail and phone (wildcards typed are letters) and filters by label and last contact', async () => {
    expect((await page('search=souza')).clients.map((c) => c.id)).toEqual(['k1']);
    // Accents and case aside, as people type on a phone.
    expect((await page('search=CONCEICAO')).clients.map((c) => c.id)).toEqual(['k2']);
    expect((await page('search=EXEMPLO.COM')).clients.map((c) => c.id)).toEqual(['k1']);
    expect((await page('search=98888')).clients.map((c) => c.id)).toEqual(['k3']);
    expect((await page('search=50%25')).clients.map((c) => c.id)).toEqual(['k3']);
    expect((await page('search=_')).clients).toEqual([]);
    expect((await page('labelId=vip')).clients.map((c) => c.id)).toEqual(['k1']);
    expect((await page('lastContact=7d')).clients.map((c) => c.id)).toEqual(['k1']);
    expect((await page('lastContact=30d')).total).toBe(2);
    expect((await page('lastContact=older')).clients.map((c) => c.id)).toEqual(['k3']);
  });

  it('shows a client with conversations and totals, and 404s an unknown one', async () => {
    const res = await ctx.app.inject({ url: '/api/clients/k1', headers: bearer(operator) });
    const detail = clientDetailResponseSchema.parse(res.json()).data;
    expect(detail.conversations.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(detail.totals).toEqual({
      messages: 4,
      fromClient: 2,
      aiShare: 50,
      lastResponseSeconds: 30,
      lastResponseMs: 30_000,
    });
    expect(detail.labelIds).toEqual(['vip']);
    const missing = await ctx.app.inject({ url: '/api/clients/nope', headers: bearer(operator) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, message: 'Cliente não encontrado' });
  });

  it('rejects bad filters with a pt-BR 400', async () => {
    const res = await ctx.app.inject({
      url: '/api/clients/page?lastContact=ontem',
      headers: bearer(operator),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('exports everything held about a client as JSON and CSV (admins), and audits it', async () => {
    const denied = await ctx.app.inject({ url: '/api/clients/k1/export', headers: bearer(operator) });
    expect(denied.statusCode).toBe(403);
    const json = await ctx.app.inject({ url: '/api/clients/k1/export', headers: bearer(admin) });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toContain('dados-cliente-k1.json');
    const bundle = json.json();
    expect(bundle.client).toMatchObject({ id: 'k1', name: 'Ana Souza', email: 'ana@exemplo.com' });
    expect(bundle.messages).toHaveLength(4);
    const csv = await ctx.app.inject({ url: '/api/clients/k1/export?format=csv', headers: bearer(admin) });
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFData;Conversa;Quem;Tipo;Mensagem;Status');
    expect(csv.body).toContain(';c1;Agente;text;agent m2;delivered');
    const audit = await ctx.app.inject({ url: '/api/audit?action=client.export', headers: bearer(admin) });
    expect(audit.json().data.entries).toHaveLength(2);
  });
});

describeEachDatabase('clients: edit and LGPD erasure', (kind) => {
  const ctx = useTestApp(kind);
  let admin = '';
  let operator = '';
  beforeAll(async () => {
    admin = (await createAndLogin(ctx.app, 'admin')).token;
    operator = (await createAndLogin(ctx.app, 'operator')).token;
    const at = now();
    await ctx.app.db
      .insertInto('clients')
      .values({
        id: 'e1',
        name: 'Eva Ramos',
        phone: '5511977770001',
        email: 'eva@x.com',
        total_messages: 2,
        last_contact: at,
        created_at: at,
      })
      .execute();
    await ctx.app.db
      .insertInto('conversations')
      .values({
        id: 'ce1',
        client_id: 'e1',
        status: 'active',
        started_at: at,
        last_message_time: at,
        last_message: 'meu CPF é 123',
        handler_mode: 'ai',
        handler_since: at,
        updated_at: at,
        tags: '[]',
        message_count: 2,
        response_time_total_ms: 0,
        response_count: 0,
        is_ai_handled: 1,
      })
      .execute();
    for (const [id, sender, content] of [
      ['me1', 'client', 'meu CPF é 123'],
      ['me2', 'agent', 'Obrigado, Eva'],
    ] as const) {
      await ctx.app.db
        .insertInto('messages')
        .values({
          id,
          conversation_id: 'ce1',
          sender,
          content,
          type: 'text',
          timestamp: at,
          ai_generated: 0,
          status: 'delivered',
          evidence: '[]',
          created_at: at,
        })
        .execute();
    }
  });

  it('edits name, e-mail, notes and labels; bad e-mail is a pt-BR 400; the inbox search follows the new name', async () => {
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/clients/e1',
      headers: bearer(operator),
      payload: { email: 'não-é-email' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('E-mail inválido');
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/clients/e1',
      headers: bearer(operator),
      payload: { name: 'Eva R. Ramos', notes: 'Prefere WhatsApp à tarde', labelIds: ['vip', 'vip'] },
    });
    expect(res.statusCode).toBe(200);
    const detail = clientDetailResponseSchema.parse(res.json()).data;
    expect(detail).toMatchObject({
      name: 'Eva R. Ramos',
      email: 'eva@x.com',
      notes: 'Prefere WhatsApp à tarde',
      labelIds: ['vip'],
    });
    const search = await ctx.app.inject({
      url: '/api/conversations?search=eva%20r.',
      headers: bearer(operator),
    });
    expect(search.json().data.map((c: { id: string }) => c.id)).toEqual(['ce1']);
    // And the clients list's: the name is searched as it is now.
    const listed = await ctx.app.inject({
      url: '/api/clients/page?search=EVA%20R.',
      headers: bearer(operator),
    });
    expect(listed.json().data.clients.map((c: { id: string }) => c.id)).toEqual(['e1']);
    const audit = await ctx.app.inject({ url: '/api/audit?action=client.update', headers: bearer(admin) });
    expect(audit.json().data.entries[0].detail).toEqual({ fields: ['name', 'notes', 'labels'] });

    // The form sends every field again: only the one that changed is written and audited.
    const patchAll = (email: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/clients/e1',
        headers: bearer(operator),
        payload: { name: 'Eva R. Ramos', email, notes: 'Prefere WhatsApp à tarde', labelIds: ['vip'] },
      });
    expect((await patchAll('eva.ramos@x.com')).statusCode).toBe(200);
    expect((await patchAll('eva.ramos@x.com')).statusCode).toBe(200);
    const after = await ctx.app.inject({ url: '/api/audit?action=client.update', headers: bearer(admin) });
    expect(after.json().data.entries.map((e: { detail: unknown }) => e.detail)).toEqual([
      { fields: ['email'] },
      { fields: ['name', 'notes', 'labels'] },
    ]);
  });

  it('erases personal data and message texts (admins, with confirmation) and keeps the rows that metrics count', async () => {
    const denied = await ctx.app.inject({
      method: 'POST',
      url: '/api/clients/e1/erase',
      headers: bearer(operator),
      payload: { confirm: 'e1' },
    });
    expect(denied.statusCode).toBe(403);
    const unconfirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/clients/e1/erase',
      headers: bearer(admin),
      payload: { confirm: 'outro' },
    });
    expect(unconfirmed.statusCode).toBe(400);
    const erased = await ctx.app.inject({
      method: 'POST',
      url: '/api/clients/e1/erase',
      headers: bearer(admin),
      payload: { confirm: 'e1' },
    });
    expect(erased.statusCode).toBe(200);
    expect(erased.json().data).toEqual({ messages: 2, media: 0, conversations: 1 });

    const client = await ctx.app.db
      .selectFrom('clients')
      .selectAll()
      .where('id', '=', 'e1')
      .executeTakeFirstOrThrow();
    expect(client).toMatchObject({ name: null, phone: null, email: null, notes: null, labels: '[]' });
    expect(client.erased_at).not.toBeNull();
    const messages = await ctx.app.db
      .selectFrom('messages')
      .select(['content', 'sender'])
      .where('conversation_id', '=', 'ce1')
      .execute();
    expect(messages).toHaveLength(2);
    expect(messages.every((m) => m.content === '')).toBe(true);
    const conversation = await ctx.app.db
      .selectFrom('conversations')
      .selectAll()
      .where('id', '=', 'ce1')
      .executeTakeFirstOrThrow();
    expect(conversation.message_count).toBe(2);
    expect(conversation.last_message).toBeNull();
    expect(conversation.search_text).not.toContain('eva');

    const after = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/clients/e1',
      headers: bearer(admin),
      payload: { name: 'X' },
    });
    expect(after.statusCode).toBe(409);
    const audit = await ctx.app.inject({ url: '/api/audit?action=client.erase', headers: bearer(admin) });
    expect(audit.json().data.entries[0]).toMatchObject({
      targetId: 'e1',
      detail: { messages: 2, media: 0, conversations: 1 },
    });
  });
});
