import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAt, ownServerData, type Session } from './support/api';
import { launchBrowser, newPage, signIn, VIEWPORTS } from './support/browser';
import { type FakeTranscription, startFakeTranscription } from './support/fake-transcription';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Voice notes end to end, in Chromium with a fake microphone: an operator records one in the
 * composer and the simulated WhatsApp receives it as a voice note (Ogg/Opus, push-to-talk); that very
 * file, sent back by a simulated customer, is transcribed by a local speech-to-text server (down at
 * first: the chat says "Transcrevendo…", then shows the words live) and the agent answers its words.
 * Its own server: AI_ALLOW_PRIVATE lets the transcription server on 127.0.0.1 past the address guard.
 */

let server: TestServer | undefined;
let browser: Browser | undefined;
let stt: FakeTranscription | undefined;
let admin: Session;
const stamp = `${Date.now() % 1_000_000}`.padStart(6, '0');
const TRANSCRIPT = 'Oi, vocês entregam em Campinas? Preciso receber até sexta';

interface OutboxItem {
  kind: string;
  text: string;
  media?: { mimeType: string; size: number; voice: boolean };
}
interface ChatMessage {
  id: string;
  sender: string;
  type: string;
  content: string;
  mediaUrl: string | null;
  mediaMimeType: string | null;
}

beforeAll(async () => {
  stt = await startFakeTranscription();
  server = await startTestServer({ env: { AI_ALLOW_PRIVATE: 'true' } });
  const api = apiAt(server.baseUrl);
  admin = await api.loginAsAdmin();
  await api.pairSimulator(admin.token);
  browser = await launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await stt?.close();
});

async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`tempo esgotado esperando ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const call = <T>(path: string, init: { method?: string; body?: unknown } = {}) =>
  ownServerData<T>(server, path, { ...init, token: admin.token });

describe('voice notes', () => {
  it('an operator records a voice note; it reaches WhatsApp as Ogg/Opus push-to-talk; sent back, it is transcribed and answered', async () => {
    if (!server || !browser || !stt) throw new Error('setup failed');
    const phone = `55219${stamp}01`;
    const opened = await call<{ conversationId: string }>('/simulator/inbound', {
      method: 'POST',
      body: { phone, name: 'Cliente Voz', text: 'Oi, pode me mandar um áudio?' },
    });
    const { page, context } = await newPage(browser, {
      baseURL: server.baseUrl,
      viewport: VIEWPORTS.desktop,
    });
    await context.grantPermissions(['microphone']);
    await signIn(page, `/conversations?c=${opened.conversationId}`, admin);
    await page.getByTestId('chat-title').waitFor();
    // The operator records about two seconds.
    await page.getByRole('button', { name: 'Gravar áudio' }).click();
    const timer = page.getByRole('timer', { name: 'Tempo de gravação' });
    await timer.waitFor();
    await expect.poll(() => timer.textContent(), { timeout: 10_000 }).toBe('0:02');
    await page.getByRole('button', { name: 'Enviar mensagem de voz' }).click();
    await page.getByRole('button', { name: 'Gravar áudio' }).waitFor();

    // The simulated WhatsApp got a voice note: Ogg/Opus, push-to-talk.
    const delivered = await waitFor(
      async () =>
        (await call<OutboxItem[]>(`/simulator/outbox?phone=${phone}`)).find((item) => item.kind === 'media'),
      'the voice note in the simulated WhatsApp',
    );
    expect(delivered?.media).toMatchObject({ mimeType: 'audio/ogg; codecs=opus', voice: true });
    expect(delivered?.media?.size).toBeGreaterThan(1000);
    expect(delivered?.text).toBe('🎤 Mensagem de voz');

    // The stored file is the remuxed recording: an Ogg stream whose first packet is the Opus header.
    const thread = await call<{ messages: ChatMessage[] }>(
      `/conversations/${opened.conversationId}/messages`,
    );
    const sent = thread.messages.find((m) => m.sender === 'admin' && m.type === 'audio');
    expect(sent?.mediaMimeType).toBe('audio/ogg; codecs=opus');
    const file = await fetch(`${server.baseUrl}${sent?.mediaUrl}`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    const ogg = Buffer.from(await file.arrayBuffer());
    expect(ogg.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(ogg.subarray(28, 36).toString('latin1')).toBe('OpusHead');
    // The chat plays it as audio.
    await page.locator(`audio[src]`).first().waitFor();

    // Transcription on, its server down at first.
    stt.respond({ status: 503 });
    await call('/speech-to-text', {
      method: 'POST',
      body: { enabled: true, baseUrl: stt.url, model: 'whisper-1', apiKey: 'sk-e2e' },
    });
    const customer = `55219${stamp}02`;
    const voice = await call<{ conversationId: string; messageId: string }>('/simulator/inbound', {
      method: 'POST',
      body: {
        phone: customer,
        name: 'Cliente Áudio',
        text: '[Mensagem de voz]',
        audio: ogg.toString('base64'),
      },
    });
    await page.goto(`/conversations?c=${voice.conversationId}`);
    const transcript = page.getByTestId('voice-transcript');
    await expect.poll(() => transcript.getAttribute('data-status'), { timeout: 15_000 }).toBe('pending');
    await expect.poll(() => transcript.textContent()).toContain('Transcrevendo áudio');
    await expect.poll(() => stt?.files.length ?? 0, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);

    // The provider is back: the words appear under the audio without a reload, and the agent answers them.
    stt.respond({ text: TRANSCRIPT });
    await expect.poll(() => transcript.getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
    expect(await transcript.textContent()).toContain(TRANSCRIPT);
    const reply = page.getByTestId('message-content').filter({ hasText: 'Ouvi seu áudio' });
    await reply.first().waitFor({ timeout: 15_000 });
    expect(await reply.first().textContent()).toContain(`Ouvi seu áudio: “${TRANSCRIPT}”`);
    // What the provider heard was the operator's recording, byte for byte.
    expect(stt.files.at(-1)?.bytes.equals(ogg)).toBe(true);
    // The reply is stored (and shown) before its send job hands it to the channel: wait for the send.
    const answered = await waitFor(
      async () =>
        (await call<OutboxItem[]>(`/simulator/outbox?phone=${customer}`)).find((item) =>
          item.text.startsWith(`Ouvi seu áudio: “${TRANSCRIPT}”`),
        ),
      'the answer in the simulated WhatsApp',
    );
    expect(answered?.kind).toBe('text');
  }, 120_000);
});
