import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SatisfactionSurvey, TimelineEntry } from '@atende/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import {
  FAKE_PHONE_NUMBER_ID,
  FAKE_TOKEN,
  FAKE_WABA_ID,
  type FakeGraph,
  startFakeGraph,
} from '../../channels/cloud-api/test-support/fake-graph.js';
import {
  APP_SECRET,
  change,
  contact,
  signedHeaders,
  textMessage,
  VERIFY_TOKEN,
  wamid,
  webhook,
} from '../../channels/cloud-api/test-support/webhook-fixtures.js';

async function waitFor<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

type Sent = { to: string; type: string; interactive?: Record<string, unknown> };

/**
 * The survey on the WhatsApp Cloud API: an interactive list of the five ratings (through the send
 * queue and its pacing), answered by a tap (`list_reply`); skipped, and said so, once the customer's
 * 24-hour window has closed.
 */
describeEachDatabase('satisfaction survey on the Cloud API', (kind) => {
  const mediaDir = mkdtempSync(join(tmpdir(), 'atende-csat-cloud-'));
  let graph: FakeGraph;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    graph = await startFakeGraph();
    Object.assign(env, {
      CHANNEL: 'cloud-api',
      MEDIA_DIR: mediaDir,
      WHATSAPP_PHONE_NUMBER_ID: FAKE_PHONE_NUMBER_ID,
      WHATSAPP_BUSINESS_ACCOUNT_ID: FAKE_WABA_ID,
      WHATSAPP_ACCESS_TOKEN: FAKE_TOKEN,
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN,
      WHATSAPP_GRAPH_URL: graph.url,
      WHATSAPP_ALLOW_PRIVATE: 'true',
    });
  });
  const ctx = useTestApp(kind, env);
  let token = '';
  beforeAll(async () => {
    token = (await createAndLogin(ctx.app, 'admin')).token;
  });
  afterAll(async () => {
    await graph.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const post = (body: unknown) => {
    const raw = JSON.stringify(body);
    return ctx.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      payload: raw,
      headers: signedHeaders(raw),
    });
  };
  const customerWrites = async (phone: string, message: Record<string, unknown>) => {
    expect(
      (await post(webhook([change({ contacts: [contact(phone, 'Cliente')], messages: [message] })])))
        .statusCode,
    ).toBe(200);
    const row = await ctx.app.db
      .selectFrom('messages')
      .select('conversation_id')
      .where('provider_message_id', '=', message.id as string)
      .executeTakeFirstOrThrow();
    return row.conversation_id;
  };
  const get = async (url: string) => (await ctx.app.inject({ url, headers: bearer(token) })).json().data;
  const resolve = (id: string) =>
    ctx.app.inject({ method: 'POST', url: `/api/conversations/${id}/resolve`, headers: bearer(token) });
  const surveys = (id: string) =>
    get(`/api/conversations/${id}/satisfaction`) as Promise<SatisfactionSurvey[]>;
  const sentTo = (phone: string) =>
    graph
      .sends()
      .map((r) => r.body as Sent)
      .filter((body) => body.to === phone);

  it('sends the five ratings as a list and takes the tap', async () => {
    const phone = '5511987650001';
    const conversationId = await customerWrites(phone, textMessage(phone, 'Meu pedido chegou, obrigado'));
    expect((await resolve(conversationId)).statusCode).toBe(200);
    const list = await waitFor(async () => sentTo(phone).find((body) => body.type === 'interactive'));
    expect(list.interactive).toMatchObject({
      type: 'list',
      body: { text: 'Como você avalia o atendimento que recebeu?' },
      action: {
        button: 'Avaliar',
        sections: [
          {
            rows: [
              { id: 'csat:5', title: '5 - Excelente' },
              { id: 'csat:4', title: '4 - Bom' },
              { id: 'csat:3', title: '3 - Regular' },
              { id: 'csat:2', title: '2 - Ruim' },
              { id: 'csat:1', title: '1 - Péssimo' },
            ],
          },
        ],
      },
    });

    const tap = {
      from: phone,
      id: wamid('TAP'),
      timestamp: String(Math.floor(Date.now() / 1000)),
      type: 'interactive',
      interactive: { type: 'list_reply', list_reply: { id: 'csat:5', title: '5 - Excelente' } },
    };
    await customerWrites(phone, tap);
    await waitFor(async () => (await surveys(conversationId))[0]?.rating === 5);
    expect((await get(`/api/conversations/${conversationId}?messagesLimit=1`)).status).toBe('completed');
    // The thanks goes out as text, inside the window.
    await waitFor(async () =>
      sentTo(phone).some(
        (body) => body.type === 'text' && JSON.stringify(body).includes('Obrigado pela avaliação'),
      ),
    );
  });

  it('outside the 24-hour window: not sent, counted and said in the transcript', async () => {
    const phone = '5511987650002';
    const conversationId = await customerWrites(phone, textMessage(phone, 'Oi'));
    await waitFor(async () => sentTo(phone).length > 0); // the agent's answer
    // The customer last wrote 25 hours ago.
    await ctx.app.db
      .updateTable('messages')
      .set((eb) => ({ timestamp: eb('timestamp', '-', 25 * 3_600_000) }))
      .where('conversation_id', '=', conversationId)
      .execute();
    const before = sentTo(phone).length;
    expect((await resolve(conversationId)).statusCode).toBe(200);
    await waitFor(async () => (await surveys(conversationId))[0]?.status === 'skipped_window');
    const lines = (await get(`/api/conversations/${conversationId}/timeline`)) as TimelineEntry[];
    expect(lines.at(-1)?.text).toBe(
      'Pesquisa de satisfação não enviada: fora da janela de 24 horas do WhatsApp',
    );
    expect(sentTo(phone)).toHaveLength(before);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const figures = await get(`/api/analytics/service?from=${today}&to=${today}`);
    expect(figures.total.csat.skippedWindow).toBe(1);
  });
});
