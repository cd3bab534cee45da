import { createCipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isMediaHost as isWhatsappMediaHost } from '@atende/channel-whatsapp-web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAndLogin, describeEachDatabase } from '../../../test/helpers.js';
import { mediaDb } from '../../conversations/media/media.table.js';
import { samples } from '../../conversations/media/test-support/media-samples.js';
import { MEDIA_DOWNLOAD_ATTEMPTS } from '../../inboxes/channel-bridge/media-jobs.js';
import { BlockedDestinationError, createSafeDispatcher } from '../../lib/safe-fetch.js';
import { createLinkedDeviceApp, type LinkedDeviceApp, waitFor } from './test-support/contract-kit.js';
import * as f from './test-support/fixtures.js';

/**
 * A WhatsApp image as its CDN serves it: AES-256-CBC under keys expanded from the message's `mediaKey`
 * (HKDF-SHA256, "WhatsApp Image Keys": iv, cipher key, MAC key), followed by a 10-byte MAC.
 */
function encryptMedia(plain: Uint8Array, mediaKey: Buffer): Buffer {
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

/** A local stand-in for WhatsApp's media CDN; records every request that reached it. */
async function startCdn(encrypted: Buffer) {
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    hits.push(request.url ?? '');
    if (request.url === '/m/redirect') {
      response.writeHead(302, { location: `http://127.0.0.1:${port}/m/ok` }).end();
      return;
    }
    if (request.url === '/m/error') {
      response.writeHead(500).end();
      return;
    }
    if (request.url === '/m/big') {
      // Far more than MEDIA_MAX_BYTES, whatever the message announced.
      response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(randomBytes(256 * 1024));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(encrypted);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { hits, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const mediaKey = randomBytes(32);
const MAX_BYTES = 16 * 1024;

describe("WhatsApp's media hosts", () => {
  it('are whatsapp.net and its subdomains only', () => {
    for (const host of ['mmg.whatsapp.net', 'media-gru2-1.cdn.whatsapp.net', 'MMG.WhatsApp.net.']) {
      expect(isWhatsappMediaHost(host)).toBe(true);
    }
    for (const host of [
      '127.0.0.1',
      'evil.example.com',
      'whatsapp.net.evil.com',
      'evilwhatsapp.net',
      '[::1]',
    ]) {
      expect(isWhatsappMediaHost(host)).toBe(false);
    }
  });

  it('a WhatsApp host name that resolves to a private address is refused (no test override)', async () => {
    const cdn = await startCdn(Buffer.from('x'));
    try {
      const dispatcher = createSafeDispatcher({
        allowHost: isWhatsappMediaHost,
        resolve: async () => ['127.0.0.1'],
      });
      const failed = await fetch(`http://mmg.whatsapp.net:${cdn.port}/m/ok`, {
        dispatcher,
      } as unknown as RequestInit).catch((error: Error) => error);
      expect((failed as Error).cause).toBeInstanceOf(BlockedDestinationError);
      expect(cdn.hits).toEqual([]);
    } finally {
      await cdn.close();
    }
  });
});

// Baileys' own downloadMediaMessage (no fake download): the URL comes from the message, which the
// sender controls, so only WhatsApp's media hosts are fetched. The test resolves the WhatsApp host
// name to a local server and allows that private address; the host check itself stays as in production.
describeEachDatabase('whatsapp-web media download through the safe dispatcher', (kind) => {
  let t: LinkedDeviceApp;
  let cdn: Awaited<ReturnType<typeof startCdn>>;
  beforeAll(async () => {
    cdn = await startCdn(encryptMedia(samples.png, mediaKey));
    t = await createLinkedDeviceApp(kind, {
      realDownload: true,
      mediaFetch: { resolve: async () => ['127.0.0.1'], allowPrivate: true },
      env: { MEDIA_MAX_BYTES: String(MAX_BYTES) },
    });
    await t.app.domain.jobs.stop();
    const socket = t.fake.latest();
    socket.user = { id: '5511900000000:3@s.whatsapp.net' };
    socket.emit('connection.update', f.opened);
    await waitFor(() => t.app.domain.channel.status().connected);
  });
  afterAll(async () => {
    await t?.close();
    await cdn?.close();
  });

  const imageAt = (id: string, url: string, more: { fileLength?: number } = {}) => ({
    key: f.pnKey('5511955554444', id),
    messageTimestamp: Math.floor(Date.now() / 1000),
    pushName: 'Cliente',
    message: { imageMessage: { url, mimetype: 'image/png', mediaKey, caption: `foto ${id}`, ...more } },
  });
  const receive = async (...messages: unknown[]) => {
    t.fake.latest().emit('messages.upsert', f.upsert(messages));
    for (const message of messages) {
      const id = (message as { key: { id: string } }).key.id;
      await waitFor(async () => Boolean(await stored(id)));
    }
  };
  const stored = (id: string) =>
    t.app.db
      .selectFrom('messages')
      .select(['content', 'media_url', 'media_mime_type', 'media_status'])
      .where('provider_message_id', '=', id)
      .executeTakeFirst();
  const mediaRows = async () => (await mediaDb(t.app.db).selectFrom('media').select('id').execute()).length;
  const files = () => readdirSync(t.mediaDir, { recursive: true }).length;

  it('downloads, decrypts and stores media from a WhatsApp host (a job, after the message)', async () => {
    t.fake
      .latest()
      .emit('messages.upsert', f.upsert([imageAt('OK1', `http://mmg.whatsapp.net:${cdn.port}/m/ok`)]));
    await waitFor(async () => Boolean(await stored('OK1')));
    expect(cdn.hits).toEqual([]);
    await t.runJobs();
    expect(await stored('OK1')).toMatchObject({ content: 'foto OK1', media_mime_type: 'image/png' });
    expect((await stored('OK1'))?.media_url).toMatch(/^\/api\/media\//);
    expect(cdn.hits).toEqual(['/m/ok']);
    expect(await mediaRows()).toBe(1);
  });

  it('refuses an address, another domain and a redirect off WhatsApp: the message is kept, no file', async () => {
    const [rowsBefore, filesBefore] = [await mediaRows(), files()];
    cdn.hits.length = 0;
    const urls = {
      IP1: `http://127.0.0.1:${cdn.port}/m/ok`,
      DOM1: `http://evil.example.com:${cdn.port}/m/ok`,
      LOOK1: `http://mmg.whatsapp.net.evil.example.com:${cdn.port}/m/ok`,
      RED1: `http://mmg.whatsapp.net:${cdn.port}/m/redirect`,
    };
    t.fake
      .latest()
      .emit('messages.upsert', f.upsert(Object.entries(urls).map(([id, url]) => imageAt(id, url))));
    for (const id of Object.keys(urls)) await waitFor(async () => Boolean(await stored(id)));
    // Refused for good on the first attempt: no retries.
    await t.runJobs();
    for (const id of Object.keys(urls)) {
      // Stored with its caption (the customer's words are not lost), without media, and says so.
      expect(await stored(id)).toMatchObject({
        content: `foto ${id}`,
        media_url: null,
        media_status: 'unavailable',
      });
    }
    // Only the redirect's first hop is a WhatsApp host; where it pointed was never reached.
    expect(cdn.hits).toEqual(['/m/redirect']);
    expect(await mediaRows()).toBe(rowsBefore);
    expect(files()).toBe(filesBefore);
  });

  it('announced larger than MEDIA_MAX_BYTES: never requested, shown as unavailable at once', async () => {
    const [rowsBefore, filesBefore] = [await mediaRows(), files()];
    cdn.hits.length = 0;
    t.emitted.length = 0;
    await receive(
      imageAt('HUGE1', `http://mmg.whatsapp.net:${cdn.port}/m/ok`, { fileLength: 2_000_000_000 }),
    );
    expect(await stored('HUGE1')).toMatchObject({ media_status: 'pending' });
    await t.runJobs();
    expect(await stored('HUGE1')).toMatchObject({
      content: 'foto HUGE1',
      media_url: null,
      media_status: 'unavailable',
    });
    expect(cdn.hits).toEqual([]);
    expect([await mediaRows(), files()]).toEqual([rowsBefore, filesBefore]);
    expect(t.emitted).toContain('message:updated');
  });

  it('a body past the limit (announced small or not at all) is cut off while it streams', async () => {
    const [rowsBefore, filesBefore] = [await mediaRows(), files()];
    cdn.hits.length = 0;
    await receive(
      imageAt('BIG1', `http://mmg.whatsapp.net:${cdn.port}/m/big`),
      imageAt('BIG2', `http://mmg.whatsapp.net:${cdn.port}/m/big`, { fileLength: 1000 }),
    );
    await t.runJobs();
    for (const id of ['BIG1', 'BIG2']) {
      expect(await stored(id)).toMatchObject({ media_url: null, media_status: 'unavailable' });
    }
    // Refused for good: one request each, no retry.
    expect(cdn.hits).toEqual(['/m/big', '/m/big']);
    expect([await mediaRows(), files()]).toEqual([rowsBefore, filesBefore]);
  });

  it('a failing download is retried, then shown as unavailable', async () => {
    cdn.hits.length = 0;
    await receive(imageAt('ERR1', `http://mmg.whatsapp.net:${cdn.port}/m/error`));
    for (let attempt = 1; attempt < MEDIA_DOWNLOAD_ATTEMPTS; attempt++) {
      await t.runJobs();
      expect(await stored('ERR1')).toMatchObject({ media_status: 'pending' });
    }
    await t.runJobs();
    expect(await stored('ERR1')).toMatchObject({ media_status: 'unavailable', content: 'foto ERR1' });
    expect(cdn.hits).toHaveLength(MEDIA_DOWNLOAD_ATTEMPTS);
    // What the operator sees.
    const token = (await createAndLogin(t.app)).token;
    const conversation = (
      await t.app.db
        .selectFrom('messages')
        .select('conversation_id')
        .where('provider_message_id', '=', 'ERR1')
        .executeTakeFirstOrThrow()
    ).conversation_id;
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversation}`,
      headers: bearer(token),
    });
    const message = (listed.json().data.messages as Array<{ content: string; mediaStatus: string }>).find(
      (m) => m.content === 'foto ERR1',
    );
    expect(message?.mediaStatus).toBe('unavailable');
  });
});
