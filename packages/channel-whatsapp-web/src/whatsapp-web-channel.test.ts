import { EventEmitter } from 'node:events';
import type { ChannelSink, InboundMessage } from '@atende/contracts';
import { describe, expect, it, vi } from 'vitest';
import { type SocketLike, WhatsappWebChannel } from './whatsapp-web-channel.js';

/** A Baileys socket as the channel sees it: events in, sends recorded. */
class FakeSocket {
  readonly ev = new EventEmitter();
  user = { id: '5511900000000:3@s.whatsapp.net' };
  readonly sent: Array<{ jid: string; content: unknown; options: unknown }> = [];
  end(): void {}
  async logout(): Promise<void> {}
  async sendMessage(jid: string, content: unknown, options?: unknown) {
    this.sent.push({ jid, content, options });
    return undefined;
  }
}

const memoryAuth = () => {
  const rows = new Map<string, string>();
  return {
    read: async (type: string, ids: string[]) =>
      new Map(
        ids.flatMap((id) => (rows.has(`${type}:${id}`) ? [[id, rows.get(`${type}:${id}`) as string]] : [])),
      ),
    write: async (entries: Array<{ type: string; id: string; value: string | null }>) => {
      for (const { type, id, value } of entries) {
        if (value === null) rows.delete(`${type}:${id}`);
        else rows.set(`${type}:${id}`, value);
      }
    },
    clear: async () => rows.clear(),
  };
};

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

function setup(onInboundMessage: (message: InboundMessage) => Promise<void>) {
  const sockets: FakeSocket[] = [];
  const errors: Array<{ obj: object; msg?: string }> = [];
  const sink: ChannelSink = {
    onStatus: () => {},
    onInboundMessage: async (message) => {
      await onInboundMessage(message);
      return { messageId: 'm', conversationId: 'c', clientId: 'cl', duplicate: false };
    },
    onInboundReaction: async () => {},
    onDeliveryStatus: async () => {},
    onMessageEdited: vi.fn(async () => {}),
    onMessageDeleted: vi.fn(async () => {}),
  };
  const download = vi.fn(async () => new Uint8Array([1]));
  const windows: number[] = [];
  const channel = new WhatsappWebChannel({
    sink,
    auth: memoryAuth(),
    sent: { find: async () => null },
    logger: { ...quiet, error: (obj, msg) => errors.push({ obj, msg }) },
    version: [2, 3000, 1],
    unavailable: () => new Error('unavailable'),
    mediaDispatcher: () => {
      throw new Error('no network in this test');
    },
    socketFactory: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as SocketLike;
    },
    download,
    onReceiptToCommit: (ms) => windows.push(ms),
  });
  return { channel, sockets, sink, errors, download, windows };
}

const text = (id: string, body: string) => ({
  key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id },
  messageTimestamp: 1_760_000_000,
  pushName: 'Cliente',
  message: { conversation: body },
});

const until = async (check: () => boolean, timeoutMs = 2_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

describe('WhatsappWebChannel inbound', () => {
  it('one message that cannot be stored neither holds nor drops the rest of its batch', async () => {
    const stored: string[] = [];
    let attempts = 0;
    const { channel, sockets, errors, windows } = setup(async (message) => {
      if (message.providerMessageId === 'BAD') {
        attempts++;
        throw new Error('disk I/O error');
      }
      stored.push(message.providerMessageId);
    });
    await channel.start();
    const socket = sockets[0] as FakeSocket;
    socket.ev.emit('messages.upsert', {
      type: 'notify',
      messages: [text('A', 'um'), text('BAD', 'dois'), text('C', 'três')],
    });
    // The good ones do not wait for the bad one's retries.
    await until(() => stored.length === 2);
    expect(stored).toEqual(['A', 'C']);
    socket.ev.emit('messages.upsert', { type: 'notify', messages: [text('D', 'quatro')] });
    await until(() => stored.includes('D'));
    // Retried, then given up with its id only (no content in the log).
    await until(() => errors.length === 1, 8_000);
    expect(attempts).toBe(4);
    expect(errors[0]).toMatchObject({ obj: { id: 'BAD' }, msg: 'whatsapp-web inbound message not stored' });
    expect(JSON.stringify(errors)).not.toContain('dois');
    expect(windows).toHaveLength(3);
    await channel.stop();
  }, 15_000);

  it('a store that fails once is retried and the message kept', async () => {
    const stored: string[] = [];
    let failed = false;
    const { channel, sockets } = setup(async (message) => {
      if (!failed) {
        failed = true;
        throw new Error('connection reset');
      }
      stored.push(message.providerMessageId);
    });
    await channel.start();
    (sockets[0] as FakeSocket).ev.emit('messages.upsert', { type: 'notify', messages: [text('R', 'oi')] });
    await until(() => stored.length === 1);
    await channel.stop();
  });

  it('media: the message goes to the sink with its descriptor, and nothing is downloaded', async () => {
    const received: InboundMessage[] = [];
    const { channel, sockets, download } = setup(async (message) => {
      received.push(message);
    });
    await channel.start();
    (sockets[0] as FakeSocket).ev.emit('messages.upsert', {
      type: 'notify',
      messages: [
        {
          key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'V1' },
          messageTimestamp: 1_760_000_000,
          message: {
            videoMessage: {
              url: 'https://mmg.whatsapp.net/v/t62.7161-24/v.enc',
              directPath: '/v/t62.7161-24/v.enc',
              mediaKey: Buffer.alloc(32, 1),
              mimetype: 'video/mp4',
              fileLength: { low: 2_500_000, high: 0, unsigned: true },
              seconds: 12,
              caption: 'olha o vídeo',
            },
          },
        },
      ],
    });
    await until(() => received.length === 1);
    expect(received[0]).toMatchObject({
      providerMessageId: 'V1',
      type: 'video',
      text: 'olha o vídeo',
      media: {
        mimeType: 'video/mp4',
        fileLength: 2_500_000,
        descriptor: {
          kind: 'video',
          directPath: '/v/t62.7161-24/v.enc',
          mediaKey: Buffer.alloc(32, 1).toString('base64'),
          key: { id: 'V1', fromMe: false },
        },
      },
    });
    expect(download).not.toHaveBeenCalled();
    await channel.stop();
  });

  it('an edit waits for the message it edits to be stored', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { channel, sockets, sink } = setup(() => gate);
    await channel.start();
    const socket = sockets[0] as FakeSocket;
    socket.ev.emit('messages.upsert', { type: 'notify', messages: [text('E1', 'preço?')] });
    socket.ev.emit('messages.update', [
      {
        key: { remoteJid: '5511988887777@s.whatsapp.net', fromMe: false, id: 'E1' },
        update: { message: { editedMessage: { message: { conversation: 'qual o preço?' } } } },
      },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sink.onMessageEdited).not.toHaveBeenCalled();
    release();
    await until(() => (sink.onMessageEdited as ReturnType<typeof vi.fn>).mock.calls.length === 1);
    await channel.stop();
  });
});

describe('WhatsappWebChannel outbound media', () => {
  it('an Ogg/Opus voice note goes as push-to-talk (ptt, opus mimetype); other audio as a file', async () => {
    const { channel, sockets } = setup(async () => {});
    await channel.start();
    const socket = sockets[0] as FakeSocket;
    socket.ev.emit('connection.update', { connection: 'open' });
    await until(() => channel.status().connected);
    const bytes = new Uint8Array([0x4f, 0x67, 0x67, 0x53, 1, 2, 3]);
    const base = { to: '5511988887777', bytes, fileName: null, caption: null } as const;
    await channel.sendMedia({
      ...base,
      providerMessageId: 'ATDVOICE1',
      kind: 'audio',
      voice: true,
      mimeType: 'audio/ogg; codecs=opus',
    });
    await channel.sendMedia({
      ...base,
      providerMessageId: 'ATDAUDIO1',
      kind: 'audio',
      mimeType: 'audio/mpeg',
    });
    expect(socket.sent.map(({ jid, content, options }) => ({ jid, content, options }))).toEqual([
      {
        jid: '5511988887777@s.whatsapp.net',
        content: { audio: Buffer.from(bytes), mimetype: 'audio/ogg; codecs=opus', ptt: true },
        options: { messageId: 'ATDVOICE1' },
      },
      {
        jid: '5511988887777@s.whatsapp.net',
        content: { audio: Buffer.from(bytes), mimetype: 'audio/mpeg' },
        options: { messageId: 'ATDAUDIO1' },
      },
    ]);
    await channel.stop();
  });
});
