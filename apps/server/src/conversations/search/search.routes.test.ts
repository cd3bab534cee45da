import { globalSearchResponseSchema } from '@atende/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { api, pairSimulator } from '../../../test/simulator-kit.js';
import { phoneDigitsOf } from './global-search.js';

/**
 * The top search finds clients, conversations and messages, and only what the viewer may see: with
 * `operatorsSeeAllConversations=false`, Ana (who holds Alice's conversation) never finds Berenice,
 * whom Bruno holds, by name, phone or words.
 */
describeEachDatabase('GET /api/search', (kind) => {
  const ctx = useTestApp(kind);
  let admin = '';
  let ana = '';
  const stamp = String(Date.now()).slice(-7);
  const phones = { alice: `5521933${stamp}`, berenice: `5531933${stamp}` };
  const ids = { alice: '', berenice: '' };
  const as = (token: string) => api(ctx.app, token);
  const search = async (token: string, q: string) => {
    const response = await as(token).get(`/api/search?q=${encodeURIComponent(q)}`);
    expect(response.status).toBe(200);
    return globalSearchResponseSchema.parse(response.body).data;
  };

  beforeAll(async () => {
    admin = (await createAndLogin(ctx.app, 'admin')).token;
    ana = (await createAndLogin(ctx.app, 'operator')).token;
    const bruno = (await createAndLogin(ctx.app, 'operator')).token;
    await pairSimulator(ctx.app, admin);
    await ctx.app.domain.jobs.stop();
    const inbound = async (phone: string, name: string, text: string) =>
      (await as(admin).post('/api/simulator/inbound', { phone, name, text })).body.data
        .conversationId as string;
    ids.alice = await inbound(phones.alice, 'Alice Quintela', 'Quero trocar o tamanho da jaqueta azul');
    await inbound(phones.alice, 'Alice Quintela', 'NÃO recebi o código de rastreio, qual é o preço da troca');
    await inbound(phones.alice, 'Alice Quintela', 'Obrigada!');
    ids.berenice = await inbound(
      phones.berenice,
      'Berenice Conceição Quintela',
      'A jaqueta azul chegou rasgada',
    );
    expect((await as(ana).post(`/api/conversations/${ids.alice}/takeover`)).status).toBe(200);
    expect((await as(bruno).post(`/api/conversations/${ids.berenice}/takeover`)).status).toBe(200);
    expect(
      (await as(admin).post('/api/access-control', { operatorsSeeAllConversations: false })).status,
    ).toBe(200);
  });
  afterAll(async () => {
    await as(admin).post('/api/access-control', { operatorsSeeAllConversations: true });
  });

  it('finds clients by name and phone, conversations, and messages by their words (older ones too)', async () => {
    const byName = await search(admin, 'quintela');
    expect(byName.clients.map((c) => c.name).sort()).toEqual([
      'Alice Quintela',
      'Berenice Conceição Quintela',
    ]);
    expect(byName.conversations.map((c) => c.id).sort()).toEqual([ids.alice, ids.berenice].sort());
    // Typed as on a phone, without accents or capitals.
    expect((await search(admin, 'conceicao quintela')).clients.map((c) => c.name)).toEqual([
      'Berenice Conceição Quintela',
    ]);

    // A phone typed as people write it finds the client and the conversation.
    const formatted = `+55 21 933${stamp.slice(0, 2)}-${stamp.slice(2)}`;
    const byPhone = await search(admin, formatted);
    expect(byPhone.clients.map((c) => c.phone)).toEqual([phones.alice]);
    expect(byPhone.conversations.map((c) => c.id)).toEqual([ids.alice]);

    // The first message is no longer the conversation's last one: only the message search finds it.
    const byWords = await search(admin, 'TAMANHO da jaqueta');
    expect(byWords.messages.map((m) => [m.conversationId, m.clientName])).toEqual([
      [ids.alice, 'Alice Quintela'],
    ]);
    expect(byWords.messages[0]?.content).toContain('trocar o tamanho');
  });

  it('finds the words of a message with or without accents and capitals, as typed on a phone', async () => {
    for (const typed of ['nao recebi o codigo', 'Não Recebi', 'preco da troca', 'CÓDIGO DE RASTREIO']) {
      const found = await search(admin, typed);
      expect(
        found.messages.map((m) => m.conversationId),
        typed,
      ).toEqual([ids.alice]);
    }
  });

  it('an operator never finds a conversation, client or message they may not see', async () => {
    const found = await search(ana, 'quintela');
    expect(found.clients.map((c) => c.name)).toEqual(['Alice Quintela']);
    expect(found.conversations.map((c) => c.id)).toEqual([ids.alice]);
    const words = await search(ana, 'jaqueta azul');
    expect(words.messages.map((m) => m.conversationId)).toEqual([ids.alice]);
    expect(JSON.stringify(words)).not.toContain('Berenice');
    const byPhone = await search(ana, phones.berenice);
    expect(byPhone).toEqual({ clients: [], conversations: [], messages: [] });
  });

  it('refuses a query too short or too long with a pt-BR 400, and a missing token with 401', async () => {
    const short = await as(admin).get('/api/search?q=a');
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ success: false, message: expect.stringContaining('ao menos 2') });
    const long = await as(admin).get(`/api/search?q=${'x'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/muito longa/);
    const missing = await as(admin).get('/api/search');
    expect(missing.status).toBe(400);
    const wide = await as(admin).get('/api/search?q=jaqueta&limit=500');
    expect(wide.status).toBe(400);
    const anonymous = await ctx.app.inject({ url: '/api/search?q=jaqueta' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('wildcards typed are letters', async () => {
    // LIKE's, GLOB's and a regular expression's: none of them matches everything.
    for (const typed of ['%_%', '**', '?*', '[a', '.*', '(.+)']) {
      expect(await search(admin, typed), typed).toEqual({ clients: [], conversations: [], messages: [] });
    }
  });
});

it('reads a query as a phone number only when it is made of digits and phone punctuation', () => {
  expect(phoneDigitsOf('+55 (11) 97700-1002')).toBe('5511977001002');
  expect(phoneDigitsOf('97700')).toBe('97700');
  expect(phoneDigitsOf('12')).toBeNull();
  expect(phoneDigitsOf('pedido 1234')).toBeNull();
});
