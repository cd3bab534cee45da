import { createCipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InboundMedia, MediaDispatcher } from '@atende/contracts';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadMedia } from './download-media.js';
import { mediaDescriptor } from './media-descriptor.js';

/** WhatsApp's media encryption of `plain` under `mediaKey` ("WhatsApp Image Keys"). */
function encrypt(plain: Uint8Array, mediaKey: Buffer): Buffer {
  const expanded = Buffer.from(hkdfSync('sha256', mediaKey, Buffer.alloc(32), 'WhatsApp Image Keys', 112));
  const [iv, cipherKey, macKey] = [
    expanded.subarray(0, 16),
    expanded.subarray(16, 48),
    expanded.subarray(48, 80),
  ];
  const cipher = createCipheriv('aes-256-cbc', cipherKey, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  const mac = createHmac('sha256', macKey).update(iv).update(body).digest().subarray(0, 10);
  return Buffer.concat([body, mac]);
}

const mediaKey = randomBytes(32);
const plain = randomBytes(3000);

describe('downloadMedia', () => {
  const hits: string[] = [];
  let open = 0;
  let port = 0;
  const routes: Record<string, (response: ServerResponse, request: IncomingMessage) => void> = {
    '/ok': (response) => response.end(encrypt(plain, mediaKey)),
    '/tampered': (response) => {
      const body = encrypt(plain, mediaKey);
      body[5] = (body[5] ?? 0) ^ 1;
      response.end(body);
    },
    // Headers, then a trickle that never ends.
    '/hang': (response) => {
      response.writeHead(200);
      response.write(Buffer.alloc(16));
    },
    '/endless': (response) => {
      response.writeHead(200);
      const push = () => {
        if (response.destroyed) return;
        response.write(randomBytes(16 * 1024), () => setImmediate(push));
      };
      push();
    },
    '/gone': (response) => response.writeHead(410).end(),
  };
  const server = createServer((request, response) => {
    hits.push(request.url ?? '');
    open++;
    request.socket.once('close', () => open--);
    routes[request.url ?? '']?.(response, request);
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const at = (path: string, fileLength?: number): InboundMedia =>
    mediaDescriptor(
      { remoteJid: '5511999990000@s.whatsapp.net', id: `ID${path}`, fromMe: false },
      {
        kind: 'image',
        content: { url: `http://127.0.0.1:${port}${path}`, mediaKey, mimetype: 'image/jpeg', fileLength },
        fileName: undefined,
      },
    );
  const pools: Agent[] = [];
  const dispatcher = (): MediaDispatcher => {
    const agent = new Agent();
    pools.push(agent);
    return { dispatcher: agent, destroy: (error) => agent.destroy(error ?? null) };
  };
  const limits = { maxBytes: 8 * 1024, timeoutMs: 5_000 };

  it('downloads, checks the MAC and decrypts; its connection pool is closed after', async () => {
    const bytes = await downloadMedia(at('/ok', plain.length), limits, { dispatcher });
    expect(Buffer.from(bytes).equals(plain)).toBe(true);
    expect(pools.at(-1)?.destroyed).toBe(true);
  });

  it('refuses an announced size over the limit without a request', async () => {
    hits.length = 0;
    const refused = await downloadMedia(at('/ok', 10 * 1024 * 1024), limits, { dispatcher }).catch((e) => e);
    expect(refused).toMatchObject({ code: 'MEDIA_REFUSED' });
    expect(hits).toEqual([]);
  });

  it('aborts a body past the limit while it streams (the size was not announced)', async () => {
    const started = Date.now();
    const refused = await downloadMedia(at('/endless'), limits, { dispatcher }).catch((e) => e);
    expect(refused).toMatchObject({ code: 'MEDIA_REFUSED' });
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect.poll(() => open, { timeout: 2_000 }).toBe(0);
  });

  it('gives up at the deadline on a server that never finishes, and drops the connection', async () => {
    const started = Date.now();
    const failed = await downloadMedia(at('/hang'), { ...limits, timeoutMs: 300 }, { dispatcher }).catch(
      (e: Error) => e,
    );
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toContain('tempo esgotado');
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect.poll(() => open, { timeout: 2_000 }).toBe(0);
  });

  it('refuses a file whose MAC does not match', async () => {
    const failed = await downloadMedia(at('/tampered'), limits, { dispatcher }).catch((e: Error) => e);
    expect((failed as Error).message).toContain('MAC');
  });

  it('expired (410): asks the phone to upload it again, then downloads from the new address', async () => {
    hits.length = 0;
    const asked: string[] = [];
    const bytes = await downloadMedia(at('/gone'), limits, {
      dispatcher,
      reupload: async (message) => {
        asked.push(message.key.id ?? '');
        const content = message.message?.imageMessage;
        return { ...message, message: { imageMessage: { ...content, url: `http://127.0.0.1:${port}/ok` } } };
      },
    });
    expect(Buffer.from(bytes).equals(plain)).toBe(true);
    expect(asked).toEqual(['ID/gone']);
    expect(hits).toEqual(['/gone', '/ok']);
  });
});
