import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSafeFetch } from '../../lib/safe-fetch.js';
import {
  type ChannelSink,
  ChannelUnavailableError,
  type DeliveryUpdate,
  type InboundMessage,
  type InboundReaction,
  SendRejectedError,
  type StatusTransition,
} from '../channel.js';
import { CloudApiChannel, NOT_CONFIGURED, TOKEN_INVALID } from './cloud-api-channel.js';
import type { CloudApiSettings } from './cloud-api-settings.js';
import type { TemplateSpec } from './template-sends.js';
import {
  FAKE_DISPLAY_NUMBER,
  FAKE_PHONE_NUMBER_ID,
  FAKE_TOKEN,
  type FakeGraph,
  fakeGraphSettings,
  graphError,
  isSend,
  PNG_BYTES,
  startFakeGraph,
} from './test-support/fake-graph.js';
import { change, mediaMessage, webhook } from './test-support/webhook-fixtures.js';
import { mapWebhook, webhookPayloadSchema } from './webhook-payload.js';

/** A delivery mapped as the webhook route hands it to one number's channel. */
const batchOf = (body: Record<string, unknown>) =>
  [...mapWebhook(webhookPayloadSchema.parse(body)).byNumber.values()][0] ?? {
    messages: [],
    reactions: [],
    statuses: [],
    skipped: 0,
  };

const customer = '5511987650001';

function recordingSink() {
  const seen = {
    transitions: [] as StatusTransition[],
    messages: [] as InboundMessage[],
    reactions: [] as InboundReaction[],
    statuses: [] as DeliveryUpdate[],
  };
  const sink: ChannelSink = {
    onStatus: (transition) => void seen.transitions.push(transition),
    onInboundMessage: async (message) => {
      seen.messages.push(message);
      return { messageId: 'm', conversationId: 'c', clientId: 'cl', duplicate: false };
    },
    onInboundReaction: async (reaction) => void seen.reactions.push(reaction),
    onDeliveryStatus: async (update) => void seen.statuses.push(update),
  };
  return { sink, seen };
}

describe('CloudApiChannel against a fake Graph', () => {
  let graph: FakeGraph;
  let settings: CloudApiSettings;
  let windowOpen = true;
  const saved: Array<{ bytes: Uint8Array; declaredMimeType?: string | undefined }> = [];
  const templates = new Map<string, TemplateSpec>();
  let recorder = recordingSink();
  let channel: CloudApiChannel;
  /** When each send left (the pacer's job), as opposed to when it reached the fake server. */
  const departures: number[] = [];
  const safeFetch = createSafeFetch({ allowPrivate: true });

  beforeAll(async () => {
    graph = await startFakeGraph();
  });
  afterAll(() => graph.close());
  beforeEach(async () => {
    graph.requests.length = 0;
    graph.setToken(FAKE_TOKEN);
    windowOpen = true;
    settings = fakeGraphSettings(graph.url);
    recorder = recordingSink();
    channel = new CloudApiChannel({
      settings: async () => settings,
      sink: recorder.sink,
      media: {
        save: async (input) => {
          saved.push(input);
          return { url: `/api/media/${saved.length}`, mimeType: 'image/png' };
        },
      },
      templates: {
        record: async (id, spec) => void templates.set(id, spec),
        find: async (id) => templates.get(id) ?? null,
      },
      log: { warn: () => {} },
      fetch: (url, init) => {
        if (init?.method === 'POST') departures.push(performance.now());
        return safeFetch(url, init);
      },
      windowOpen: async () => windowOpen,
      sendRetries: { retries: 2, minTimeoutMs: 5, factor: 2 },
    });
    await channel.start();
  });
  afterEach(() => channel.stop());

  // The fake Graph is reachable only at the settings' graphUrl: its recorded request shows it was used.
  it('connects when the token + number check passes at the settings graphUrl, showing the number', () => {
    expect(channel.status()).toMatchObject({
      connected: true,
      state: 'connected',
      phone: FAKE_DISPLAY_NUMBER,
      qr: null,
    });
    expect(recorder.seen.transitions.map((t) => t.kind)).toEqual(['connecting', 'ready']);
    expect(graph.requests[0]).toMatchObject({
      method: 'GET',
      path: expect.stringMatching(`^/v23\\.0/${FAKE_PHONE_NUMBER_ID}`),
      authorization: `Bearer ${FAKE_TOKEN}`,
    });
  });

  it('an expired token (190) disconnects with the reason, at the check and on a send', async () => {
    graph.setToken('EAAG-a-newer-token');
    await expect(
      channel.sendText({ to: customer, text: 'Oi', providerMessageId: 'ATD1' }),
    ).rejects.toBeInstanceOf(ChannelUnavailableError);
    expect(channel.status()).toMatchObject({
      connected: false,
      state: 'disconnected',
      reason: TOKEN_INVALID,
    });
    await channel.reconnect();
    expect(channel.status().reason).toBe(TOKEN_INVALID);
    expect(recorder.seen.transitions.at(-1)).toEqual({ kind: 'disconnected', reason: TOKEN_INVALID });
    settings = { ...settings, accessToken: 'EAAG-a-newer-token' };
    await channel.reconnect();
    expect(channel.status()).toMatchObject({ connected: true, reason: null });
  });

  it('without a number or token it says what to configure', async () => {
    settings = { ...settings, accessToken: null };
    await channel.reconnect();
    expect(channel.status()).toMatchObject({ connected: false, reason: NOT_CONFIGURED });
  });

  it('text, reply and reaction bodies as Graph expects; the wamid comes back', async () => {
    const result = await channel.sendText({ to: customer, text: 'Olá!', providerMessageId: 'ATD2' });
    expect(result.providerMessageId).toMatch(/^wamid\.FAKE/);
    await channel.sendText({
      to: customer,
      text: 'Respondendo',
      providerMessageId: 'ATD3',
      quotedProviderMessageId: 'wamid.Q',
    });
    await channel.sendReaction({ to: customer, targetProviderMessageId: 'wamid.Q', emoji: '❤️' });
    await channel.sendReaction({ to: customer, targetProviderMessageId: 'wamid.Q', emoji: null });
    expect(graph.sends().map((r) => r.body)).toEqual([
      expect.objectContaining({
        messaging_product: 'whatsapp',
        to: customer,
        type: 'text',
        text: { body: 'Olá!', preview_url: false },
      }),
      expect.objectContaining({ type: 'text', context: { message_id: 'wamid.Q' } }),
      expect.objectContaining({ type: 'reaction', reaction: { message_id: 'wamid.Q', emoji: '❤️' } }),
      expect.objectContaining({ type: 'reaction', reaction: { message_id: 'wamid.Q', emoji: '' } }),
    ]);
  });

  it('130429 and 5xx are retried with backoff; then it goes through', async () => {
    graph.queue(isSend, graphError(400, 130429, 'Rate limit hit'));
    graph.queue(isSend, graphError(503, 2, 'Service temporarily unavailable'));
    const result = await channel.sendText({ to: customer, text: 'Persistente', providerMessageId: 'ATD4' });
    expect(result.providerMessageId).toMatch(/^wamid\./);
    expect(graph.sends()).toHaveLength(3);
  });

  it('131047 is final, with the pt-BR reason; the local window check refuses before Graph', async () => {
    graph.queue(isSend, graphError(400, 131047, 'Re-engagement message'));
    const refused = await channel
      .sendText({ to: customer, text: 'Tarde demais', providerMessageId: 'ATD5' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SendRejectedError);
    expect((refused as SendRejectedError).failure).toEqual({
      code: '131047',
      explanation: expect.stringContaining('24 horas'),
    });
    expect(graph.sends()).toHaveLength(1);

    windowOpen = false;
    const local = await channel
      .sendText({ to: customer, text: 'Fora da janela', providerMessageId: 'ATD6' })
      .catch((error: unknown) => error);
    expect((local as SendRejectedError).failure.code).toBe('131047');
    expect(graph.sends()).toHaveLength(1);
  });

  it('a message recorded as a template goes out as the template, even with the window closed', async () => {
    windowOpen = false;
    await channel.templates.record('TPL1', {
      name: 'retomar_atendimento',
      language: 'pt_BR',
      parameters: ['Ana', 'seu pedido'],
    });
    const result = await channel.sendText({ to: customer, text: 'Olá Ana…', providerMessageId: 'TPL1' });
    expect(result.providerMessageId).toMatch(/^wamid\./);
    expect(graph.sends()[0]?.body).toMatchObject({
      type: 'template',
      template: {
        name: 'retomar_atendimento',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana' },
              { type: 'text', text: 'seu pedido' },
            ],
          },
        ],
      },
    });
    expect((await channel.templates.list()).map((t) => t.name)).toEqual(['retomar_atendimento']);
  });

  it('choices go out as reply buttons (up to 3 short ones) or as a list whose rows name each option', async () => {
    windowOpen = true;
    await channel.sendText({
      to: customer,
      text: 'Sobre qual destes assuntos?',
      providerMessageId: 'CLR1',
      options: [
        { id: 'o1', title: 'Entrega' },
        { id: 'o2', title: 'Trocas' },
      ],
    });
    await channel.sendText({
      to: customer,
      text: 'Sobre qual destes assuntos?',
      providerMessageId: 'CLR2',
      options: [
        { id: 'o1', title: 'Prazo de entrega e frete grátis' },
        { id: 'o2', title: 'Trocas' },
        { id: 'o3', title: 'Pagamento' },
        { id: 'person', title: 'Falar com um atendente' },
      ],
    });
    const [buttons, list] = graph
      .sends()
      .slice(-2)
      .map(
        (s) =>
          s.body as {
            interactive: {
              type: string;
              action: { sections: Array<{ rows: Array<Record<string, string>> }> };
            };
          },
      );
    expect(buttons).toMatchObject({
      type: 'interactive',
      interactive: { type: 'button', action: { buttons: [{ reply: { id: 'o1', title: 'Entrega' } }, {}] } },
    });
    expect(list?.interactive.type).toBe('list');
    expect(list?.interactive.action.sections[0]?.rows[0]).toEqual({
      id: 'o1',
      title: 'Prazo de entrega e fret…',
      description: 'Prazo de entrega e frete grátis',
    });
    expect(list?.interactive.action.sections[0]?.rows).toHaveLength(4);
  });

  it('paces a burst under the configured throughput', async () => {
    settings = { ...settings, maxPerSecond: 20 };
    await channel.reconnect();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        channel.sendText({ to: customer, text: `n${i}`, providerMessageId: `P${i}` }),
      ),
    );
    expect(graph.sends()).toHaveLength(10);
    const at = departures.slice(-10);
    // 10 sends at 20/s: the i-th leaves no earlier than i × 50 ms after the burst began (its slot).
    expect(performance.now() - started).toBeGreaterThanOrEqual(9 * 50 - 5);
    for (let i = 1; i < at.length; i++) expect((at[i] ?? 0) - started).toBeGreaterThanOrEqual(i * 50 - 5);
  });

  it('downloads media on receipt with the token and hands the stored URL to the sink', async () => {
    saved.length = 0;
    const body = webhook([
      change({ messages: [mediaMessage(customer, 'image', { id: 'media-abc', mime_type: 'image/png' })] }),
    ]);
    await channel.handleWebhook(batchOf(body));
    const mediaCalls = graph.requests.filter((r) => r.path.includes('media-abc'));
    expect(mediaCalls.map((r) => [r.path, r.authorization])).toEqual([
      ['/v23.0/media-abc', `Bearer ${FAKE_TOKEN}`],
      ['/lookaside/media-abc', `Bearer ${FAKE_TOKEN}`],
    ]);
    expect(Buffer.from(saved[0]?.bytes ?? []).equals(PNG_BYTES)).toBe(true);
    expect(recorder.seen.messages[0]).toMatchObject({
      type: 'image',
      mediaUrl: '/api/media/1',
      mediaMimeType: 'image/png',
    });
  });

  it('refuses a private Graph URL unless allowed (SSRF)', async () => {
    const guarded = new CloudApiChannel({
      settings: async () => ({ ...settings, allowPrivate: false }),
      sink: recordingSink().sink,
      media: { save: async () => ({ url: '', mimeType: '' }) },
      templates: { record: async () => {}, find: async () => null },
      log: { warn: () => {} },
      fetch: createSafeFetch({ allowPrivate: false }),
    });
    const before = graph.requests.length;
    await guarded.start();
    expect(guarded.status()).toMatchObject({ connected: false, reason: expect.stringContaining('privado') });
    expect(graph.requests.length).toBe(before);
    await guarded.stop();
  });
});
