import { readFileSync } from 'node:fs';
import { formatDuration, type Inbox, type SimulatorOutboxItem } from '@atende/contracts';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ownServerData } from './support/api';
import { launchBrowser, newPage } from './support/browser';
import { type GraphSend, startFakeGraph, webhook } from './support/fake-graph';
import { E2E_DATABASE_KINDS, startTestServer, type TestServer } from './support/test-server';

/**
 * A manager's figures from end to end, on a server of its own (no demo data, so every figure is this
 * test's): two numbers (the simulator and a Cloud API number on a fake Graph), conversations resolved
 * by an automation and by two operators, the surveys answered as customers do (a tap on the Cloud API's
 * list, a typed "4" and an emoji on the simulator); then the dashboard and a saved custom report read
 * CSAT, automation rate and response times per inbox and per person, each checked against the same
 * figure computed here from the database's own rows — on SQLite, and on PostgreSQL too when
 * TEST_DATABASE_URL is set.
 */

const APP_SECRET = 'segredo-do-app-e2e';
const GRAPH_TOKEN = 'EAAG-token-e2e';
const CLOUD_NUMBER = '106540352242999';
const ADMIN = { email: 'gestora@loja.test', password: 'senha-da-gestora-123' };
const PASSWORD = 'senha-de-operador-123';

let server: TestServer | undefined;
let graph: Awaited<ReturnType<typeof startFakeGraph>> | undefined;
let browser: Browser | undefined;
let adminToken = '';
const people = { ana: { id: '', token: '' }, bruno: { id: '', token: '' } };
let cloudInbox = '';
const SIM_INBOX = 'default';

const call = <T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) =>
  ownServerData<T>(server, path, { ...init, token: init.token ?? adminToken });

async function login(credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${server?.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...credentials, remember: false }),
  });
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** A simulator customer writes (or taps). */
async function simulatorWrites(phone: string, text: string): Promise<string> {
  const data = await call<{ conversationId: string }>('/simulator/inbound', {
    method: 'POST',
    body: { phone, text, inboxId: SIM_INBOX },
  });
  return data.conversationId;
}

/** The survey as Graph got it: a list to open with "Avaliar" (the agent's own lists say "Ver opções"). */
const isSurvey = (send: GraphSend) =>
  send.interactive?.type === 'list' && send.interactive.action.button === 'Avaliar';

/** A Cloud API customer writes or taps, as Meta's signed webhook. */
async function cloudWrites(phone: string, message: Parameters<typeof webhook>[3]): Promise<void> {
  const { body, headers } = webhook(APP_SECRET, CLOUD_NUMBER, phone, message);
  const response = await fetch(`${server?.baseUrl}/webhooks/whatsapp`, { method: 'POST', headers, body });
  expect(response.status).toBe(200);
}

const outbox = (phone: string) =>
  call<SimulatorOutboxItem[]>(`/simulator/outbox?phone=${phone}&inboxId=${SIM_INBOX}`);
/**
 * Rows of the database the server writes, read here with the database's own client (not the server's
 * code). `$1`-style parameters; PostgreSQL's big integers come back as strings: callers use Number().
 */
async function rows<T>(text: string, params: unknown[] = []): Promise<T[]> {
  if (!server) throw new Error('o servidor não subiu');
  if (server.database === 'postgres') {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = new Database(server.databaseUrl, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(text.replace(/\$\d+/g, '?')).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** The customer's conversation, read from the database the server writes. */
async function conversationOf(phone: string): Promise<string> {
  const [row] = await rows<{ id: string }>(
    'SELECT c.id FROM conversations c JOIN clients k ON k.id = c.client_id WHERE k.phone = $1',
    [phone],
  );
  if (!row) throw new Error(`sem conversa de ${phone}`);
  return row.id;
}
const surveyOf = (conversationId: string) =>
  call<Array<{ status: string; rating: number | null }>>(`/conversations/${conversationId}/satisfaction`);
const waitUntil = <T>(check: () => Promise<T>, what: string) =>
  vi.waitFor(
    async () => {
      const value = await check();
      if (!value) throw new Error(`ainda não: ${what}`);
      return value;
    },
    { timeout: 20_000, interval: 250 },
  );

/**
 * The admin gives the conversation to an operator; the customer writes again and the operator answers
 * (a response time of theirs), then resolves it.
 */
async function operatorAnswersAndResolves(
  conversationId: string,
  who: { id: string; token: string },
  customerWrites: () => Promise<unknown>,
) {
  await call(`/conversations/${conversationId}/assign`, { method: 'POST', body: { userId: who.id } });
  await customerWrites();
  await call(`/conversations/${conversationId}/messages`, {
    method: 'POST',
    token: who.token,
    body: { message: 'Claro! Já verifiquei e está tudo certo com o seu pedido.' },
  });
  await call(`/conversations/${conversationId}/resolve`, { method: 'POST', token: who.token });
}

async function open(path: string): Promise<Page> {
  if (!browser || !server) throw new Error('o navegador não abriu');
  const { page } = await newPage(browser, { baseURL: server.baseUrl });
  await page.goto('/login');
  await page.evaluate((value) => localStorage.setItem('auth_token', value), adminToken);
  await page.goto(path);
  return page;
}

describe.each(E2E_DATABASE_KINDS)('satisfaction and the figures a manager reads (%s)', (database) => {
  beforeAll(async () => {
    graph = await startFakeGraph(GRAPH_TOKEN);
    server = await startTestServer({
      database,
      env: {
        DEMO: 'false',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        WHATSAPP_GRAPH_URL: graph.url,
        WHATSAPP_ALLOW_PRIVATE: 'true',
        WHATSAPP_APP_SECRET: APP_SECRET,
        WHATSAPP_VERIFY_TOKEN: 'verificacao-e2e',
      },
    });
    adminToken = await login(ADMIN);
    // The simulator is paired with the code it shows.
    const status = await call<{ pairingCode: string | null; connected: boolean }>('/whatsapp/status');
    if (!status.connected)
      await call('/simulator/pair', { method: 'POST', body: { code: status.pairingCode } });
    // The second number: the official Cloud API.
    const inbox = await call<Inbox>('/inboxes', {
      method: 'POST',
      body: {
        kind: 'cloud-api',
        name: 'Loja Oficial',
        settings: { phoneNumberId: CLOUD_NUMBER, accessToken: GRAPH_TOKEN },
      },
    });
    cloudInbox = inbox.id;
    await waitUntil(
      async () => (await call<Inbox[]>('/inboxes')).find((i) => i.id === cloudInbox)?.status.connected,
      'Cloud API conectada',
    );
    for (const [key, name] of [
      ['ana', 'Ana Souza'],
      ['bruno', 'Bruno Lima'],
    ] as const) {
      const email = `${key}@loja.test`;
      const user = await call<{ id: string }>('/users', {
        method: 'POST',
        body: { name, email, role: 'operator', password: PASSWORD },
      });
      people[key] = { id: user.id, token: await login({ email, password: PASSWORD }) };
    }
    // The store's answers (the demo's knowledge base): the AI answers delivery questions by itself.
    const knowledgeBase = readFileSync(
      new URL('../../server/src/agent/demo-knowledge-base.md', import.meta.url),
      'utf8',
    );
    await call('/knowledge-base', { method: 'POST', body: { content: knowledgeBase } });
    // "Obrigado" closes the conversation: a resolution with no person involved (an automation's).
    await call('/automations', {
      method: 'POST',
      body: {
        name: 'Encerrar quando o cliente agradece',
        event: 'message_received',
        conditions: [{ type: 'text_contains', words: ['obrigado'] }],
        actions: [{ type: 'resolve' }],
      },
    });
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await graph?.close();
  });

  it('the surveys go out after each resolution and the customers answer them', async () => {
    // Simulator, resolved by the automation: the customer types "4".
    const a1 = await simulatorWrites('5511990000001', 'Qual é o prazo de entrega?');
    await waitUntil(async () => (await outbox('5511990000001')).length > 0, 'resposta da IA');
    await simulatorWrites('5511990000001', 'Era isso, obrigado!');
    const rating = await waitUntil(
      async () => (await outbox('5511990000001')).find((item) => item.kind === 'rating'),
      'pesquisa no simulador',
    );
    expect(rating.choices?.map((c) => c.id)).toEqual(['csat:5', 'csat:4', 'csat:3', 'csat:2', 'csat:1']);
    await simulatorWrites('5511990000001', '4');
    await waitUntil(async () => (await surveyOf(a1))[0]?.rating === 4, 'nota 4');

    // Simulator, resolved by Ana: the customer answers with an emoji.
    const a2 = await simulatorWrites('5511990000002', 'Quero falar com um atendente sobre a troca');
    await waitUntil(async () => (await outbox('5511990000002')).length > 0, 'resposta da IA');
    await operatorAnswersAndResolves(a2, people.ana, () =>
      simulatorWrites('5511990000002', 'Alguém pode me ajudar com a troca'),
    );
    await waitUntil(async () => (await outbox('5511990000002')).some((i) => i.kind === 'rating'), 'pesquisa');
    await simulatorWrites('5511990000002', '😡');
    await waitUntil(async () => (await surveyOf(a2))[0]?.rating === 1, 'nota 1');

    // Cloud API, resolved by the automation: a tap on the list's "5 - Excelente".
    await cloudWrites('5511990000003', { text: 'Vocês entregam em todo o Brasil?' });
    const b1 = await conversationOf('5511990000003');
    await waitUntil(async () => graph?.sends.some((s) => s.to === '5511990000003'), 'resposta da IA (Graph)');
    await cloudWrites('5511990000003', { text: 'Perfeito, obrigado' });
    const list = await waitUntil(
      async () => graph?.sends.find((s) => s.to === '5511990000003' && isSurvey(s)),
      'lista de notas no Graph',
    );
    const rows = list.interactive?.action.sections?.[0]?.rows ?? [];
    expect(rows.map((r) => r.title)).toEqual([
      '5 - Excelente',
      '4 - Bom',
      '3 - Regular',
      '2 - Ruim',
      '1 - Péssimo',
    ]);
    await cloudWrites('5511990000003', { tap: rows[0] as { id: string; title: string } });
    await waitUntil(async () => (await surveyOf(b1))[0]?.rating === 5, 'nota 5 (toque)');

    // Cloud API, resolved by Bruno: a tap on "3 - Regular".
    await cloudWrites('5511990000004', { text: 'Preciso de ajuda com meu pedido' });
    const b2 = await conversationOf('5511990000004');
    await waitUntil(async () => graph?.sends.some((s) => s.to === '5511990000004'), 'resposta da IA (Graph)');
    await operatorAnswersAndResolves(b2, people.bruno, () =>
      cloudWrites('5511990000004', { text: 'Alguém pode ver o meu pedido' }),
    );
    const list2 = await waitUntil(
      async () => graph?.sends.find((s) => s.to === '5511990000004' && isSurvey(s)),
      'segunda lista no Graph',
    );
    const regular = list2.interactive?.action.sections?.[0]?.rows.find((r) => r.id === 'csat:3');
    await cloudWrites('5511990000004', { tap: regular as { id: string; title: string } });
    await waitUntil(async () => (await surveyOf(b2))[0]?.rating === 3, 'nota 3 (toque)');

    // The ratings stay on their conversations, which stay resolved.
    for (const id of [a1, a2, b1, b2]) {
      expect((await call<{ status: string }>(`/conversations/${id}?messagesLimit=1`)).status).toBe(
        'completed',
      );
    }
  });

  /** The figures, computed here from the rows the server wrote (not through its code). */
  async function expected() {
    const inboxOf = new Map(
      (await rows<{ id: string; inbox_id: string }>('SELECT id, inbox_id FROM conversations')).map((r) => [
        r.id,
        r.inbox_id,
      ]),
    );
    // Ratings: the customers' answers, per inbox and per person credited.
    const ratings = (
      await rows<{ c: string; rating: number; person: string | null }>(
        'SELECT conversation_id AS c, rating, person_id AS person FROM conversation_resolutions WHERE rating IS NOT NULL',
      )
    ).map((r) => ({ ...r, rating: Number(r.rating) }));
    // A resolution with no person: resolved by nobody (the automation) and never handed to, held by
    // or paused for a person before it (transcript and handler changes).
    const resolutions = await rows<{ c: string; author: string | null; handed: number | boolean }>(
      `SELECT t.conversation_id AS c, t.author_id AS author,
           EXISTS (SELECT 1 FROM handler_changes h WHERE h.conversation_id = t.conversation_id
             AND h.to_mode <> 'ai' AND h.at <= t.created_at) AS handed
         FROM conversation_timeline t WHERE t.event = 'resolved'`,
    );
    const replies = (
      await rows<{ c: string; author: string | null; ai: number | boolean; ms: number | string }>(
        'SELECT conversation_id AS c, author_user_id AS author, ai_generated AS ai, response_ms AS ms FROM messages WHERE response_ms IS NOT NULL',
      )
    ).map((r) => ({ ...r, ai: Number(r.ai), ms: Number(r.ms) }));
    const firsts = (
      await rows<{ c: string; ms: number | string }>(
        'SELECT id AS c, first_response_ms AS ms FROM conversations WHERE first_response_ai = 1',
      )
    ).map((r) => ({ ...r, ms: Number(r.ms) }));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      const m = Math.floor(s.length / 2);
      return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
    };
    const pct = (part: number, whole: number) =>
      `${(Math.round((1000 * part) / whole) / 10).toFixed(1).replace('.', ',')}%`;
    const score = (xs: number[]) => mean(xs).toFixed(1).replace('.', ',');
    const slice = (inbox: string | null, person: string | null | undefined) => {
      const inInbox = (c: string) => inbox === null || inboxOf.get(c) === inbox;
      const rated = ratings.filter((r) => inInbox(r.c) && (person === undefined || r.person === person));
      const resolved = resolutions.filter(
        (r) => inInbox(r.c) && (person === undefined || r.author === person),
      );
      const automated = resolved.filter((r) => r.author === null && !r.handed).length;
      const byAuthor = replies.filter(
        (r) => inInbox(r.c) && (person === undefined || (person === 'ai' ? r.ai === 1 : r.author === person)),
      );
      return {
        csat: rated.length ? score(rated.map((r) => r.rating)) : '—',
        automation: resolved.length ? pct(automated, resolved.length) : '—',
        response: byAuthor.length ? formatDuration(Math.round(mean(byAuthor.map((r) => r.ms)))) : '—',
        firstAi: (() => {
          const xs = firsts.filter((f) => inInbox(f.c)).map((f) => f.ms);
          return xs.length ? formatDuration(Math.round(median(xs))) : '—';
        })(),
        ratings: rated.map((r) => r.rating).sort(),
      };
    };
    return {
      sim: slice(SIM_INBOX, undefined),
      cloud: slice(cloudInbox, undefined),
      ana: slice(null, people.ana.id),
      bruno: slice(null, people.bruno.id),
      ai: slice(null, 'ai'),
    };
  }

  const cell = (page: Page, row: string, col: string) =>
    page.getByTestId(row).locator(`[data-col="${col}"]`).textContent();

  it('the dashboard reads them per inbox and per person', async () => {
    const want = await expected();
    // What the customers said, as the scenario played it.
    expect(want.sim.ratings).toEqual([1, 4]);
    expect(want.cloud.ratings).toEqual([3, 5]);
    expect([want.sim.csat, want.cloud.csat]).toEqual(['2,5', '4,0']);
    expect([want.sim.automation, want.cloud.automation]).toEqual(['50,0%', '50,0%']);

    const page = await open('/dashboard?periodo=hoje&comparar=inbox');
    const panel = page.getByRole('region', { name: 'Atendimento' });
    await panel.getByTestId(`comparison-${SIM_INBOX}`).waitFor();
    for (const [row, figures] of [
      [`comparison-${SIM_INBOX}`, want.sim],
      [`comparison-${cloudInbox}`, want.cloud],
    ] as const) {
      await expect.poll(() => cell(page, row, 'csat')).toBe(figures.csat);
      expect(await cell(page, row, 'automation')).toBe(figures.automation);
      expect(await cell(page, row, 'response')).toBe(figures.response);
      expect(await cell(page, row, 'first-ai')).toBe(figures.firstAi);
    }

    await panel.getByRole('button', { name: 'Por pessoa' }).click();
    await panel.getByTestId(`comparison-${people.ana.id}`).waitFor();
    expect(await cell(page, `comparison-${people.ana.id}`, 'csat')).toBe(want.ana.csat);
    expect(await cell(page, `comparison-${people.ana.id}`, 'automation')).toBe(want.ana.automation);
    expect(await cell(page, `comparison-${people.ana.id}`, 'response')).toBe(want.ana.response);
    expect(await cell(page, `comparison-${people.bruno.id}`, 'csat')).toBe(want.bruno.csat);
    expect(await cell(page, `comparison-${people.bruno.id}`, 'response')).toBe(want.bruno.response);
    expect(await cell(page, 'comparison-ai', 'response')).toBe(want.ai.response);
    expect(await cell(page, 'comparison-ai', 'first-ai')).toBe(want.ai.firstAi);
    // The automated resolutions are nobody's: "Sem pessoa", all automated.
    expect(await cell(page, 'comparison-none', 'automation')).toBe('100,0%');

    // The page's filter: one inbox, and the panel's totals are that inbox's.
    await page.getByLabel('Caixa de entrada').selectOption(cloudInbox);
    await panel.getByRole('button', { name: 'Resumo' }).click();
    await expect
      .poll(() => panel.getByTestId('figure-csat').getByTestId('figure-value').textContent())
      .toBe(want.cloud.csat);
    expect(await panel.getByTestId('figure-automation').getByTestId('figure-value').textContent()).toBe(
      want.cloud.automation,
    );
    await page.getByLabel('Caixa de entrada').selectOption('');

    // The totals: CSAT of the four answers, half of the resolutions automated.
    await panel.getByRole('button', { name: 'Resumo' }).click();
    await expect
      .poll(() => panel.getByTestId('figure-csat').getByTestId('figure-value').textContent())
      .toBe('3,3');
    expect(await panel.getByTestId('figure-automation').getByTestId('figure-value').textContent()).toBe(
      '50,0%',
    );
  });

  it('a custom report shaped and saved on the screen reads the same figures', async () => {
    const want = await expected();
    const page = await open('/analytics/relatorios');
    const save = async (name: string) => {
      await page.getByRole('button', { name: /^Salvar( como novo)?$/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Nome do relatório').fill(name);
      await dialog.getByRole('button', { name: 'Salvar' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name, exact: true }).waitFor();
    };
    const table = (row: string, col: string) =>
      page.getByTestId(`report-row-${row}`).locator(`[data-col="${col}"]`);

    await page.getByLabel('Métrica').selectOption({ label: 'CSAT médio' });
    await page.getByLabel('Agrupar por').selectOption({ label: 'Caixa de entrada' });
    await page.getByRole('button', { name: 'Últimos 7 dias' }).click();
    await expect.poll(() => table(SIM_INBOX, 'value').textContent()).toBe(want.sim.csat);
    await save('CSAT por caixa');

    await page.getByLabel('Métrica').selectOption({ label: 'Taxa de automação' });
    await page.getByLabel('Agrupar por').selectOption({ label: 'Pessoa' });
    await expect.poll(() => table('none', 'value').textContent()).toBe('100,0%');
    await save('Automação por pessoa');

    await page.getByLabel('Métrica').selectOption({ label: 'Tempo médio de resposta' });
    await expect.poll(() => table(people.ana.id, 'humanAverage').textContent()).toBe(want.ana.response);
    await save('Resposta por pessoa');

    await page.getByLabel('Métrica').selectOption({ label: 'Taxa de automação' });
    await page.getByLabel('Agrupar por').selectOption({ label: 'Caixa de entrada' });
    await expect.poll(() => table(cloudInbox, 'value').textContent()).toBe(want.cloud.automation);
    await save('Automação por caixa');

    // Opened again later, from the saved list: the same figures.
    await page.goto('/analytics/relatorios');
    await page.getByRole('button', { name: 'CSAT por caixa', exact: true }).click();
    await expect.poll(() => table(SIM_INBOX, 'value').textContent()).toBe(want.sim.csat);
    expect(await table(cloudInbox, 'value').textContent()).toBe(want.cloud.csat);
    expect(await table(cloudInbox, 'count').textContent()).toBe('2');

    await page.getByRole('button', { name: 'Automação por pessoa', exact: true }).click();
    await expect.poll(() => table(people.ana.id, 'value').textContent()).toBe(want.ana.automation);
    expect(await table(people.bruno.id, 'value').textContent()).toBe(want.bruno.automation);
    expect(await table('none', 'value').textContent()).toBe('100,0%');

    await page.getByRole('button', { name: 'Automação por caixa', exact: true }).click();
    await expect.poll(() => table(SIM_INBOX, 'value').textContent()).toBe(want.sim.automation);
    expect(await table(cloudInbox, 'value').textContent()).toBe(want.cloud.automation);

    await page.getByRole('button', { name: 'Resposta por pessoa', exact: true }).click();
    await expect.poll(() => table('ai', 'aiAverage').textContent()).toBe(want.ai.response);
    expect(await table(people.ana.id, 'humanAverage').textContent()).toBe(want.ana.response);
    expect(await table(people.bruno.id, 'humanAverage').textContent()).toBe(want.bruno.response);
  });
});
