import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  accessControlSchema,
  adminConfigSchema,
  agentConfigSchema,
  securityConfigSchema,
} from '@atende/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAndLogin, createTestUser, login, useTestApp } from '../../../test/helpers.js';
import { api, pairSimulator } from '../../../test/simulator-kit.js';
import { createAgentService } from '../../agent/agent.service.js';
import { loadDemoKnowledgeBase } from '../../agent/eval/run-eval.js';
import { KnowledgeIndexStore } from '../../agent/knowledge-index-store.js';
import { createProviderResolver } from '../../agent/provider-factory.js';
import { purgeExpired } from '../../customers/retention/retention.module.js';
import { now } from '../../lib/clock.js';

/**
 * Every setting docs/settings.md documents changes what the server does: one test per field, named by
 * it, each changing only that field and watching the behaviour change. The last test reads the document
 * and fails on a field without a test here (a new setting needs one), unless it is listed below.
 */

const DOCS = new URL('../../../../../docs/settings.md', import.meta.url);
/** Each inbox's Cloud API fields: tested with the channel, in these files. */
const TESTED_WITH_THEIR_OWNER: Record<string, string> = {
  graphUrl: 'channels/cloud-api/cloud-api-channel.test.ts',
  graphVersion: 'channels/cloud-api/cloud-api-settings.test.ts',
  appSecret: 'channels/cloud-api/cloud-api-settings.test.ts',
  verifyToken: 'channels/cloud-api/cloud-api-settings.test.ts',
  // What the customer sees on a linked device (read receipts, "digitando…"): tested with its fake socket.
  readReceipts: 'channels/whatsapp-web/customer-expectations.test.ts',
  typingIndicator: 'channels/whatsapp-web/customer-expectations.test.ts',
  // The conversation's life cycle: tested with it.
  reopenTo: 'conversations/messaging/lifecycle.test.ts',
  abandonAfterMinutes: 'conversations/messaging/lifecycle.test.ts',
  // Transcription of voice notes: tested against a local fake provider with the voice notes.
  enabled: 'conversations/voice/voice-notes.integration.test.ts',
  baseUrl: 'conversations/voice/voice-notes.integration.test.ts',
  model: 'conversations/voice/voice-notes.integration.test.ts',
  apiKey: 'conversations/voice/voice-notes.integration.test.ts',
  maxMb: 'conversations/voice/voice-notes.integration.test.ts',
};

const tested = new Set<string>();
/** One test of one documented setting. */
function setting(field: string, title: string, test: () => Promise<void>) {
  tested.add(field);
  it(`${field}: ${title}`, test);
}

const DAY = 86_400_000;
const KB_QUESTION = 'Tem desconto pagando no Pix?';

describe('every documented setting changes what the server does', () => {
  const ctx = useTestApp('sqlite', { AI_ALLOW_PRIVATE: 'true' });
  let admin = '';
  let phone = 5511960000000;
  /** What the fake OpenAI-compatible endpoint was sent. */
  type Sent = {
    headers: Record<string, unknown>;
    body: { model?: string; messages?: Array<{ role: string }> };
  };
  let fake: { server: Server; url: string; requests: Sent[] };

  const as = (token: string) => api(ctx.app, token);
  const save = async (key: string, values: Record<string, unknown>) => {
    const response = await as(admin).post(`/api/${key}`, values);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };
  const agent = () =>
    createAgentService({
      db: ctx.app.db,
      messaging: ctx.app.domain.messaging,
      index: new KnowledgeIndexStore(),
      provider: createProviderResolver(ctx.app.db, ctx.app.config),
    });
  /** A customer writes (a new one unless `to` names the phone); the agent handles it; what it wrote. */
  const ask = async (text: string, to?: number) => {
    const inbound = await as(admin).post('/api/simulator/inbound', { phone: String(to ?? ++phone), text });
    expect(inbound.status).toBe(200);
    const { messageId, conversationId } = inbound.body.data as { messageId: string; conversationId: string };
    const outcome = await agent().handle({ messageId, conversationId });
    const reply = await ctx.app.db
      .selectFrom('messages')
      .select(['content', 'confidence_score'])
      .where('conversation_id', '=', conversationId)
      .where('sender', '=', 'agent')
      .orderBy('timestamp', 'desc')
      .executeTakeFirst();
    const conversation = await ctx.app.db
      .selectFrom('conversations')
      .select('handler_mode')
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow();
    return {
      outcome,
      conversationId,
      text: reply?.content ?? null,
      confidence: reply?.confidence_score ?? null,
      handler: conversation.handler_mode,
    };
  };

  beforeAll(async () => {
    admin = (await createAndLogin(ctx.app, 'admin')).token;
    await pairSimulator(ctx.app, admin);
    expect((await as(admin).post('/api/knowledge-base', { content: loadDemoKnowledgeBase() })).status).toBe(
      200,
    );
    // The agent runs here, one message at a time.
    await ctx.app.domain.jobs.stop();
    const requests: typeof fake.requests = [];
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        requests.push({ headers: request.headers, body: JSON.parse(body || '{}') });
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            choices: [{ message: { content: '{"resposta": "Resposta do modelo.", "confianca": 0.9}' } }],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests };
  });
  afterAll(async () => {
    await new Promise((resolve) => fake?.server.close(resolve));
  });
  // Each test changes its field and watches; the next starts from the defaults.
  afterEach(async () => {
    await save('config', agentConfigSchema.parse({}));
    await save('access-control', accessControlSchema.parse({}));
    await save('admin-config', adminConfigSchema.parse({}));
    await save('security-config', securityConfigSchema.parse({}));
  });

  // config — the agent

  setting('assistantName', 'the agent introduces itself by it', async () => {
    await save('config', { assistantName: 'Clara Teste' });
    expect((await ask('Oi')).text).toContain('Eu sou a Clara Teste');
    await save('config', { assistantName: 'Atende IA' });
    expect((await ask('Oi')).text).toContain('Eu sou a Atende IA');
  });

  setting('aiEnabled', 'off, the agent leaves customers to a person', async () => {
    await save('config', { aiEnabled: false });
    const off = await ask(KB_QUESTION);
    expect(off.outcome).toBe('ai_disabled');
    expect(off.text).toBeNull();
    await save('config', { aiEnabled: true });
    expect((await ask(KB_QUESTION)).text).not.toBeNull();
  });

  setting('confidenceThreshold', 'an answer below it is handed off (or asked about) instead', async () => {
    expect((await ask(KB_QUESTION)).outcome).toBe('replied');
    await save('config', { confidenceThreshold: 1 });
    expect((await ask(KB_QUESTION)).outcome).not.toBe('replied');
  });

  setting('handoffKeywords', 'a listed word hands the conversation off at once', async () => {
    const causeOf = async (conversationId: string) =>
      (
        await ctx.app.db
          .selectFrom('handler_changes')
          .select('cause')
          .where('conversation_id', '=', conversationId)
          .execute()
      ).map((row) => row.cause);
    const question = `${KB_QUESTION} Ornitorrinco`;
    expect(await causeOf((await ask(question)).conversationId)).not.toContain('person_requested');
    await save('config', { handoffKeywords: ['ornitorrinco'] });
    const handed = await ask(question);
    expect(handed.outcome).toBe('handed_off');
    expect(await causeOf(handed.conversationId)).toContain('person_requested');
  });

  setting('handoffMessage', 'is what the customer is told at a hand-off', async () => {
    await save('config', { handoffMessage: 'Um colega já vem falar com você (teste).' });
    expect((await ask('Quero falar com um atendente')).text).toBe('Um colega já vem falar com você (teste).');
    await save('config', { handoffMessage: 'Vou chamar uma pessoa da nossa equipe para continuar.' });
  });

  /** Business hours that exclude now (a one-hour window two hours ahead, in São Paulo). */
  const closedNow = () => {
    const hour = Number(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/Sao_Paulo',
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(now()),
    );
    const at = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
    return { enabled: true, start: at(hour + 2), end: at(hour + 3) };
  };

  setting('businessHours', 'outside them, a hand-off adds the out-of-hours message', async () => {
    await save('config', { outOfHoursMessage: 'Voltamos amanhã às 8h.' });
    expect((await ask('Quero falar com um atendente')).text).not.toContain('Voltamos amanhã');
    await save('config', { businessHours: closedNow() });
    expect((await ask('Quero falar com um atendente')).text).toContain('Voltamos amanhã às 8h.');
    await save('config', { businessHours: { enabled: false, start: '08:00', end: '18:00' } });
  });

  setting('outOfHoursMessage', 'is what a customer handed off outside business hours reads', async () => {
    await save('config', { businessHours: closedNow(), outOfHoursMessage: 'Plantão só amanhã (teste).' });
    expect((await ask('Quero falar com um atendente')).text).toContain('Plantão só amanhã (teste).');
    await save('config', { outOfHoursMessage: '' });
    expect((await ask('Quero falar com um atendente')).text).not.toContain('Plantão');
    await save('config', { businessHours: { enabled: false, start: '08:00', end: '18:00' } });
  });

  // admin-config — the company

  setting('companyName', 'the agent speaks for it', async () => {
    await save('admin-config', { companyName: 'Sapataria Teste' });
    expect((await ask('Oi')).text).toContain('assistente virtual da Sapataria Teste');
    await save('admin-config', { companyName: 'Loja Exemplo' });
  });

  setting('supportEmail', 'a customer handed off outside business hours is given it', async () => {
    await save('config', { businessHours: closedNow(), outOfHoursMessage: 'Voltamos amanhã.' });
    expect((await ask('Quero falar com um atendente')).text).not.toContain('@');
    await save('admin-config', { supportEmail: 'contato@loja-teste.com.br' });
    expect((await ask('Quero falar com um atendente')).text).toContain('contato@loja-teste.com.br');
    await save('admin-config', { supportEmail: '' });
    await save('config', { businessHours: { enabled: false, start: '08:00', end: '18:00' } });
  });

  setting('timezone', "days in the analytics and dates in CSV exports are that zone's", async () => {
    // 01:30 UTC on 10 June: the 9th (22:30) in São Paulo, the 10th (10:30) in Tokyo.
    const at = Date.parse('2025-06-10T01:30:00Z');
    await ctx.app.db
      .insertInto('clients')
      .values({
        id: 'tz-client',
        name: 'Tânia Fuso',
        phone: '5511955554444',
        total_messages: 1,
        last_contact: at,
        created_at: at,
      })
      .execute();
    await ctx.app.db
      .insertInto('conversations')
      .values({
        id: 'tz-conv',
        client_id: 'tz-client',
        status: 'active',
        started_at: at,
        last_message_time: at,
        handler_mode: 'ai',
        handler_since: at,
        updated_at: at,
        tags: '[]',
        message_count: 1,
        response_time_total_ms: 0,
        response_count: 0,
        is_ai_handled: 1,
      })
      .execute();
    await ctx.app.db
      .insertInto('messages')
      .values({
        id: 'tz-msg',
        conversation_id: 'tz-conv',
        sender: 'client',
        content: 'Olá',
        type: 'text',
        timestamp: at,
        ai_generated: 0,
        status: 'delivered',
        evidence: '[]',
        created_at: at,
      })
      .execute();
    const day = async (date: string) => {
      const report = await as(admin).get(`/api/analytics/report?from=${date}&to=${date}`);
      expect(report.status).toBe(200);
      return report.body.data.conversations.active as number;
    };
    const csv = async () =>
      (
        await ctx.app.inject({
          url: '/api/analytics/export/conversas?from=2025-06-09&to=2025-06-10',
          headers: bearer(admin),
        })
      ).body;
    expect([await day('2025-06-09'), await day('2025-06-10')]).toEqual([1, 0]);
    expect(await csv()).toContain('09/06/2025 22:30:00');
    await save('admin-config', { timezone: 'Asia/Tokyo' });
    expect([await day('2025-06-09'), await day('2025-06-10')]).toEqual([0, 1]);
    expect(await csv()).toContain('10/06/2025 10:30:00');
    const unknown = await as(admin).post('/api/admin-config', { timezone: 'Marte/Olympus' });
    expect(unknown.status).toBe(400);
    await save('admin-config', { timezone: 'America/Sao_Paulo' });
  });

  setting('dataRetentionDays', 'messages older than it are deleted by the daily purge', async () => {
    const old = await ask('Mensagem de vinte dias atrás');
    await ctx.app.db
      .updateTable('messages')
      .set({ timestamp: now() - 20 * DAY })
      .where('conversation_id', '=', old.conversationId)
      .execute();
    const count = async () =>
      (
        await ctx.app.db
          .selectFrom('messages')
          .select('id')
          .where('conversation_id', '=', old.conversationId)
          .execute()
      ).length;
    const before = await count();
    await purgeExpired(ctx.app, now());
    expect(await count()).toBe(before);
    await save('admin-config', { dataRetentionDays: 7 });
    await purgeExpired(ctx.app, now());
    expect(await count()).toBe(0);
    await save('admin-config', { dataRetentionDays: 365 });
  });

  setting('aiBaseUrl', 'the agent asks that endpoint (with a model)', async () => {
    const before = fake.requests.length;
    await ask(KB_QUESTION);
    expect(fake.requests.length).toBe(before);
    await save('admin-config', { aiBaseUrl: fake.url, aiModel: 'modelo-teste' });
    await ask(KB_QUESTION);
    expect(fake.requests.length).toBe(before + 1);
    await save('admin-config', { aiBaseUrl: '', aiModel: '' });
  });

  setting('aiModel', 'is the model the endpoint is asked for', async () => {
    await save('admin-config', { aiBaseUrl: fake.url, aiModel: 'modelo-a' });
    await ask(KB_QUESTION);
    expect(fake.requests.at(-1)?.body.model).toBe('modelo-a');
    await save('admin-config', { aiModel: 'modelo-b' });
    await ask(KB_QUESTION);
    expect(fake.requests.at(-1)?.body.model).toBe('modelo-b');
    await save('admin-config', { aiBaseUrl: '', aiModel: '' });
  });

  setting('aiApiKey', 'is sent as the bearer token', async () => {
    await save('admin-config', {
      aiBaseUrl: fake.url,
      aiModel: 'modelo-a',
      aiApiKey: 'chave-secreta-123456',
    });
    await ask(KB_QUESTION);
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer chave-secreta-123456');
    await save('admin-config', { aiApiKey: null });
    await ask(KB_QUESTION);
    expect(fake.requests.at(-1)?.headers.authorization).toBeUndefined();
    await save('admin-config', { aiBaseUrl: '', aiModel: '' });
  });

  setting('historyMessages', 'is how many earlier messages the model is sent', async () => {
    await save('admin-config', { aiBaseUrl: fake.url, aiModel: 'modelo-a' });
    const customer = ++phone;
    for (const text of ['Primeira pergunta sobre entrega', 'Segunda pergunta sobre troca', KB_QUESTION]) {
      await ask(text, customer);
    }
    const sentWith = async (history: number) => {
      await save('config', { historyMessages: history });
      await ask('E o prazo de entrega para Manaus?', customer);
      const messages = fake.requests.at(-1)?.body.messages ?? [];
      // Two system messages (instructions, passages), the history, then the question.
      return messages.length - 3;
    };
    expect(await sentWith(0)).toBe(0);
    expect(await sentWith(4)).toBe(4);
    await save('config', { historyMessages: 6 });
    await save('admin-config', { aiBaseUrl: '', aiModel: '' });
  });

  // access-control — what operators may do

  setting('operatorsCanTakeover', 'off, an operator cannot take a conversation from the AI', async () => {
    const operator = (await createAndLogin(ctx.app, 'operator')).token;
    const first = await ask(KB_QUESTION);
    await save('access-control', { operatorsCanTakeover: false });
    const refused = await as(operator).post(`/api/conversations/${first.conversationId}/takeover`);
    expect(refused.status).toBe(403);
    const written = await as(operator).post(`/api/conversations/${first.conversationId}/messages`, {
      message: 'Posso ajudar?',
      type: 'text',
    });
    expect(written.status).toBe(403);
    await save('access-control', { operatorsCanTakeover: true });
    expect((await as(operator).post(`/api/conversations/${first.conversationId}/takeover`)).status).toBe(200);
  });

  setting('operatorsCanEditKnowledgeBase', 'on, an operator may save the knowledge base', async () => {
    const operator = (await createAndLogin(ctx.app, 'operator')).token;
    const content = loadDemoKnowledgeBase();
    expect((await as(operator).post('/api/knowledge-base', { content })).status).toBe(403);
    await save('access-control', { operatorsCanEditKnowledgeBase: true });
    expect((await as(operator).post('/api/knowledge-base', { content })).status).toBe(200);
    await save('access-control', { operatorsCanEditKnowledgeBase: false });
  });

  setting(
    'operatorsSeeAllConversations',
    "off, an operator does not see a colleague's conversation",
    async () => {
      const ana = (await createAndLogin(ctx.app, 'operator')).token;
      const bruno = (await createAndLogin(ctx.app, 'operator')).token;
      const held = await ask('Preciso de ajuda com meu pedido');
      expect((await as(bruno).post(`/api/conversations/${held.conversationId}/takeover`)).status).toBe(200);
      expect((await as(ana).get(`/api/conversations/${held.conversationId}`)).status).toBe(200);
      await save('access-control', { operatorsSeeAllConversations: false });
      expect((await as(ana).get(`/api/conversations/${held.conversationId}`)).status).toBe(404);
      await save('access-control', { operatorsSeeAllConversations: true });
    },
  );

  setting('allowedEmailDomains', 'new accounts must use one of them', async () => {
    const create = (email: string) =>
      as(admin).post('/api/users', {
        name: 'Nova Pessoa',
        email,
        role: 'operator',
        password: 'senha-bem-longa-1',
      });
    await save('access-control', { allowedEmailDomains: ['loja-teste.com.br'] });
    expect((await create(`fora.${phone}@outro.com`)).status).toBe(400);
    expect((await create(`dentro.${phone}@loja-teste.com.br`)).status).toBe(200);
    await save('access-control', { allowedEmailDomains: [] });
    expect((await create(`fora.${phone}@outro.com`)).status).toBe(200);
  });

  // security-config — sessions and sign-in

  const expiresIn = async (remember: boolean) => {
    const user = await createTestUser(ctx.app, { role: 'operator' });
    const session = await login(ctx.app, user.email, user.password, remember);
    const me = await ctx.app.inject({ url: '/api/auth/me', headers: bearer(session.token) });
    expect(me.statusCode).toBe(200);
    const row = await ctx.app.db
      .selectFrom('sessions')
      .select(['expires_at', 'created_at'])
      .where('user_id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    return Number(row.expires_at) - Number(row.created_at);
  };

  setting('sessionHours', 'is how long a session lasts', async () => {
    await save('security-config', { sessionHours: 2 });
    expect(await expiresIn(false)).toBe(2 * 3_600_000);
    await save('security-config', { sessionHours: 12 });
    expect(await expiresIn(false)).toBe(12 * 3_600_000);
  });

  setting('rememberDays', 'is how long a "lembrar de mim" session lasts', async () => {
    await save('security-config', { rememberDays: 3 });
    expect(await expiresIn(true)).toBe(3 * DAY);
    await save('security-config', { rememberDays: 30 });
    expect(await expiresIn(true)).toBe(30 * DAY);
  });

  const wrongLogins = async (email: string, times: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < times; i++) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'senha-errada-123' },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  };

  setting('loginMaxAttempts', 'failed sign-ins past it get 429', async () => {
    await save('security-config', { loginMaxAttempts: 3 });
    expect(await wrongLogins((await createTestUser(ctx.app)).email, 4)).toEqual([401, 401, 401, 429]);
    await save('security-config', { loginMaxAttempts: 5 });
    expect(await wrongLogins((await createTestUser(ctx.app)).email, 4)).toEqual([401, 401, 401, 401]);
  });

  setting('loginWindowMinutes', 'is how long a blocked account waits (Retry-After)', async () => {
    const retryAfter = async (minutes: number) => {
      await save('security-config', { loginMaxAttempts: 3, loginWindowMinutes: minutes });
      const email = (await createTestUser(ctx.app)).email;
      await wrongLogins(email, 3);
      const blocked = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'senha-errada-123' },
      });
      expect(blocked.statusCode).toBe(429);
      return Number(blocked.headers['retry-after']);
    };
    expect(await retryAfter(1)).toBeLessThanOrEqual(60);
    expect(await retryAfter(30)).toBeGreaterThan(25 * 60);
    await save('security-config', { loginMaxAttempts: 5, loginWindowMinutes: 15 });
  });

  setting('passwordMinLength', 'a new password shorter than it is refused', async () => {
    const create = (password: string) =>
      as(admin).post('/api/users', {
        name: 'Senha Curta',
        email: `senha.${++phone}@exemplo.com`,
        role: 'operator',
        password,
      });
    await save('security-config', { passwordMinLength: 14 });
    expect((await create('doze-letras12')).status).toBe(400);
    await save('security-config', { passwordMinLength: 8 });
    expect((await create('doze-letras12')).status).toBe(200);
  });

  it('has a test above for every field docs/settings.md documents', () => {
    const fields = [...readFileSync(DOCS, 'utf8').matchAll(/^\| `([a-zA-Z]+)`\s+\|/gm)].map(
      (m) => m[1] as string,
    );
    expect(fields.length).toBeGreaterThan(25);
    const untested = fields.filter((field) => !tested.has(field) && !(field in TESTED_WITH_THEIR_OWNER));
    expect(untested, 'add a setting(…) test for each').toEqual([]);
    for (const [field, file] of Object.entries(TESTED_WITH_THEIR_OWNER)) {
      expect(
        readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'),
        `${field} in ${file}`,
      ).toContain(field);
    }
  });
});
