import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAndLogin, describeEachDatabase, sleep, useTestApp } from '../../../test/helpers.js';
import { api, pairSimulator } from '../../../test/simulator-kit.js';
import { loadDemoKnowledgeBase } from '../../agent/eval/run-eval.js';
import { mediaDb } from '../media/media.table.js';
import { samples } from '../media/test-support/media-samples.js';
import { oggOpusVoiceNote, webmOpusRecording } from '../media/test-support/opus-recording.js';
import { type FakeTranscription, startFakeTranscription } from './test-support/fake-transcription.js';

async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

let phoneCounter = 0;
const newPhone = () => `55118${String(Date.now()).slice(-5)}${String(++phoneCounter).padStart(3, '0')}`;

const QUESTION = 'Vocês entregam em Campinas?';

describeEachDatabase('voice notes: transcribed by a durable job, answered by the agent', (kind) => {
  const ctx = useTestApp(kind, { AI_ALLOW_PRIVATE: 'true' });
  let stt: FakeTranscription;
  let client: ReturnType<typeof api>;
  let token = '';
  let voiceNote: Uint8Array;

  beforeAll(async () => {
    stt = await startFakeTranscription();
    voiceNote = await oggOpusVoiceNote(2);
    const admin = await createAndLogin(ctx.app, 'admin');
    client = api(ctx.app, admin.token);
    token = admin.token;
    await pairSimulator(ctx.app, admin.token);
    expect((await client.post('/api/knowledge-base', { content: loadDemoKnowledgeBase() })).status).toBe(200);
  });
  afterAll(async () => {
    await stt?.close();
  });

  const turnOn = async (more: Record<string, unknown> = {}) => {
    const saved = await client.post('/api/speech-to-text', {
      enabled: true,
      baseUrl: stt.url,
      apiKey: 'sk-teste',
      model: 'whisper-1',
      ...more,
    });
    expect(saved.status).toBe(200);
  };
  const sendVoice = async (phone: string, bytes = voiceNote) => {
    const res = await client.post('/api/simulator/inbound', {
      phone,
      text: '[Mensagem de voz]',
      audio: Buffer.from(bytes).toString('base64'),
    });
    expect(res.status).toBe(200);
    return res.body.data as { messageId: string; conversationId: string };
  };
  const message = (id: string) =>
    ctx.app.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const agentReplies = (conversationId: string) =>
    ctx.app.db
      .selectFrom('messages')
      .select(['content', 'sender'])
      .where('conversation_id', '=', conversationId)
      .where('sender', '=', 'agent')
      .execute();
  const typedAnswer = async (text: string) => {
    const res = await client.post('/api/simulator/inbound', { phone: newPhone(), text });
    const { conversationId } = res.body.data;
    const [reply] = await waitFor(async () => {
      const rows = await agentReplies(conversationId);
      return rows.length > 0 && rows;
    }, 'the agent to answer the typed question');
    return reply?.content ?? '';
  };

  it('retries while the provider is down, then stores the transcript and the agent answers it', async () => {
    stt.respond({ status: 503 });
    await turnOn();
    const before = stt.calls.length;
    const { messageId, conversationId } = await sendVoice(newPhone());

    // Down: tried, and tried again (backoff), while the message shows as an audio and nobody answers.
    await waitFor(async () => stt.calls.length - before >= 2, 'two attempts against the provider');
    const waiting = await message(messageId);
    expect(waiting).toMatchObject({ type: 'audio', transcript: null, transcript_status: 'pending' });
    expect(waiting.media_url).toMatch(/^\/api\/media\//);
    expect(await agentReplies(conversationId)).toEqual([]);

    stt.respond({ text: QUESTION });
    const heard = await waitFor(async () => {
      const row = await message(messageId);
      return row.transcript_status === 'done' && row;
    }, 'the transcript');
    expect(heard.transcript).toBe(QUESTION);

    // Every attempt carried the real Ogg/Opus voice note, the model and the key.
    const attempts = stt.calls.slice(before);
    expect(attempts.length).toBeGreaterThanOrEqual(3);
    for (const call of attempts) {
      expect(call).toMatchObject({ model: 'whisper-1', language: 'pt', authorization: 'Bearer sk-teste' });
      expect(call.fileName).toMatch(/\.ogg$/);
      expect(Buffer.from(call.bytes).equals(Buffer.from(voiceNote))).toBe(true);
    }

    // Answered as if typed, saying it heard an audio.
    const [reply] = await waitFor(async () => {
      const rows = await agentReplies(conversationId);
      return rows.length > 0 && rows;
    }, 'the agent to answer the voice note');
    const typed = await typedAnswer(QUESTION);
    expect(reply?.content).toBe(`Ouvi seu áudio: “${QUESTION}”\n\n${typed}`);
    await sleep(300);
    expect(await agentReplies(conversationId)).toHaveLength(1);

    // The API shows it under the audio, and the conversation is found by its words.
    const shown = await client.get(`/api/conversations/${conversationId}/messages`);
    const note = shown.body.data.messages.find((m: { id: string }) => m.id === messageId);
    expect(note).toMatchObject({ type: 'audio', transcript: QUESTION, transcriptStatus: 'done' });
    const listed = await client.get(
      `/api/conversations?search=${encodeURIComponent('entregam em campinas')}`,
    );
    expect(listed.body.data.map((c: { id: string }) => c.id)).toContain(conversationId);
    const found = await client.get(`/api/search?q=${encodeURIComponent('ENTREGAM em Campinas')}`);
    const hit = found.body.data.messages.find((m: { id: string }) => m.id === messageId);
    expect(hit).toMatchObject({ conversationId, sender: 'client', content: `🎤 ${QUESTION}` });
  });

  it('never sends a voice note over the size limit: it stays an audio and the agent answers as before', async () => {
    await turnOn({ maxMb: 1 });
    stt.respond({ text: 'não deveria ser ouvido' });
    const before = stt.calls.length;
    // A real voice note padded past 1 MB (the simulator takes the file as the customer's phone sent it).
    const padded = new Uint8Array(voiceNote.byteLength + 1024 * 1024 + 10);
    padded.set(voiceNote);
    const channel = ctx.app.domain.inboxes.primary()?.channel as unknown as {
      receive(input: Record<string, unknown>): Promise<{ messageId: string; conversationId: string }>;
    };
    const { messageId, conversationId } = await channel.receive({
      phone: newPhone(),
      text: '[Mensagem de voz]',
      type: 'audio',
      audio: Buffer.from(padded).toString('base64'),
    });
    const failed = await waitFor(async () => {
      const row = await message(messageId);
      return row.transcript_status === 'failed' && row;
    }, 'the transcription to give up');
    expect(failed.transcript).toBeNull();
    expect(failed.media_url).toMatch(/^\/api\/media\//);
    expect(stt.calls.length).toBe(before);
    const [reply] = await waitFor(async () => {
      const rows = await agentReplies(conversationId);
      return rows.length > 0 && rows;
    }, 'the agent to answer the audio');
    expect(reply?.content).not.toMatch(/Ouvi seu áudio/);
    await turnOn({ maxMb: 16 });
  });

  it('with transcription off, a voice note is left alone and the agent behaves as before', async () => {
    expect((await client.post('/api/speech-to-text', { enabled: false })).status).toBe(200);
    const before = stt.calls.length;
    const { messageId, conversationId } = await sendVoice(newPhone());
    const [reply] = await waitFor(async () => {
      const rows = await agentReplies(conversationId);
      return rows.length > 0 && rows;
    }, 'the agent to answer the audio');
    const typed = await typedAnswer('[Mensagem de voz]');
    expect(reply?.content).toBe(typed);
    await waitFor(async () => (await message(messageId)).media_url, 'the audio file');
    await sleep(300);
    expect(await message(messageId)).toMatchObject({ transcript: null, transcript_status: null });
    expect(stt.calls.length).toBe(before);
  });

  it("an operator's WebM recording reaches the customer as an Ogg/Opus voice note (push-to-talk)", async () => {
    const phone = newPhone();
    const { conversationId } = (await client.post('/api/simulator/inbound', { phone, text: 'Oi' })).body.data;
    const post = (payload: Uint8Array, type: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversationId}/voice-note`,
        headers: { ...bearer(token), 'content-type': type },
        payload: Buffer.from(payload),
      });
    const mediaRows = async () =>
      Number(
        (
          await mediaDb(ctx.app.db)
            .selectFrom('media')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    // Not Opus audio: refused in Portuguese, nothing stored.
    const before = await mediaRows();
    const refused = await post(samples.png, 'audio/webm');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      success: false,
      message: expect.stringContaining('Gravação inválida'),
    });
    expect(await mediaRows()).toBe(before);

    const sent = await post(await webmOpusRecording(1.5), 'audio/webm;codecs=opus');
    expect(sent.statusCode).toBe(200);
    const message = sent.json().data;
    expect(message).toMatchObject({
      type: 'audio',
      sender: 'admin',
      mediaMimeType: 'audio/ogg; codecs=opus',
    });
    const file = await ctx.app.inject({ url: message.mediaUrl, headers: bearer(token) });
    expect(file.rawPayload.subarray(0, 4).toString('latin1')).toBe('OggS');
    expect(file.rawPayload.subarray(28, 36).toString('latin1')).toBe('OpusHead');
    const delivered = await waitFor(async () => {
      const outbox = (await client.get(`/api/simulator/outbox?phone=${phone}`)).body.data;
      return outbox.find((item: { kind: string }) => item.kind === 'media');
    }, 'the voice note in the simulated WhatsApp');
    expect(delivered).toMatchObject({
      text: '🎤 Mensagem de voz',
      media: { mimeType: 'audio/ogg; codecs=opus', voice: true, size: file.rawPayload.byteLength },
    });
  });

  it('erasure (LGPD) clears the transcript with the rest of the message, and the export had it', async () => {
    stt.respond({ text: 'Meu nome é Zuleide Transcrita e quero trocar o pedido' });
    await turnOn();
    const phone = newPhone();
    const { messageId } = await sendVoice(phone);
    await waitFor(async () => (await message(messageId)).transcript_status === 'done', 'the transcript');
    const clientId = (
      await ctx.app.db.selectFrom('clients').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()
    ).id;
    const exported = await client.get(`/api/clients/${clientId}/export`);
    expect(JSON.stringify(exported.body)).toContain('Zuleide Transcrita');
    const erased = await client.post(`/api/clients/${clientId}/erase`, { confirm: clientId });
    expect(erased.status).toBe(200);
    const row = await message(messageId);
    expect(row.transcript).toBeNull();
    expect(row.content).toBe('');
  });
});

describe('speech-to-text settings', () => {
  const ctx = useTestApp('sqlite');
  let client: ReturnType<typeof api>;
  beforeAll(async () => {
    client = api(ctx.app, (await createAndLogin(ctx.app, 'admin')).token);
  });

  it('is off by default, and keeps the key secret', async () => {
    const first = await client.get('/api/speech-to-text');
    expect(first.body.data).toMatchObject({ enabled: false, baseUrl: '', model: 'whisper-1', maxMb: 16 });
    const saved = await client.post('/api/speech-to-text', {
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-segredo-123456',
    });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain('sk-segredo-123456');
    expect(saved.body.data.apiKey).toMatchObject({ isSet: true });
    // The masked view posted back keeps the key.
    const again = await client.post('/api/speech-to-text', { apiKey: saved.body.data.apiKey });
    expect(again.body.data.apiKey).toMatchObject({ isSet: true });
  });

  it.each([
    [{ enabled: true, baseUrl: '' }, 'Informe a URL do serviço de transcrição'],
    [{ baseUrl: 'ftp://exemplo.com/v1' }, 'URL do serviço de transcrição inválida'],
    [{ maxMb: 99 }, 'até 25 MB'],
    [{ maxMb: 0 }, 'pelo menos 1 MB'],
    [{ model: '' }, 'Informe o modelo de transcrição'],
    [{ enabled: 'sim' }, 'Informe se a transcrição está ligada'],
    [{ baseUrl: 'http://127.0.0.1:9000/v1' }, 'Endereço privado ou local'],
    [{ baseUrl: 'http://192.168.0.10/v1', enabled: true }, 'Endereço privado ou local'],
  ])('refuses %j with a 400 in Portuguese, storing nothing', async (body, message) => {
    const before = (await client.get('/api/speech-to-text')).body.data;
    const res = await client.post('/api/speech-to-text', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
    expect(res.body.message).toContain(message);
    expect((await client.get('/api/speech-to-text')).body.data).toEqual(before);
  });

  it('operators may not read or change it', async () => {
    const operator = api(ctx.app, (await createAndLogin(ctx.app, 'operator')).token);
    expect((await operator.get('/api/speech-to-text')).status).toBe(403);
    expect((await operator.post('/api/speech-to-text', { enabled: false })).status).toBe(403);
  });
});
