import { afterAll, beforeAll, expect, it } from 'vitest';
import { samples } from '../../conversations/media/test-support/media-samples.js';
import { createSafeFetch } from '../../lib/safe-fetch.js';
import { SendRejectedError } from '../channel.js';
import { CloudApiChannel } from './cloud-api-channel.js';
import { type FakeGraph, fakeGraphSettings, isSend, startFakeGraph } from './test-support/fake-graph.js';

let graph: FakeGraph;
let channel: CloudApiChannel;
let windowOpen = true;
beforeAll(async () => {
  graph = await startFakeGraph();
  channel = new CloudApiChannel({
    settings: async () => fakeGraphSettings(graph.url),
    sink: {
      onStatus: () => {},
      onInboundMessage: async () => ({
        messageId: 'm',
        conversationId: 'c',
        clientId: 'cl',
        duplicate: false,
      }),
      onInboundReaction: async () => {},
      onDeliveryStatus: async () => {},
    },
    media: { save: async () => ({ url: '/api/media/x', mimeType: 'image/png' }) },
    templates: { record: async () => {}, find: async () => null },
    log: { warn: () => {} },
    fetch: createSafeFetch({ allowPrivate: true }),
    windowOpen: async () => windowOpen,
  });
  await channel.start();
});
afterAll(async () => {
  await channel?.stop();
  await graph?.close();
});

it("an operator's file is uploaded to Graph, then sent by its id as its kind, with caption and name", async () => {
  graph.requests.length = 0;
  const image = await channel.sendMedia({
    to: '5511987650001',
    providerMessageId: 'ATDM1',
    kind: 'image',
    bytes: samples.png,
    mimeType: 'image/png',
    fileName: 'foto.png',
    caption: 'Segue a foto do produto',
    quotedProviderMessageId: 'wamid.CUSTOMER1',
  });
  const document = await channel.sendMedia({
    to: '5511987650001',
    providerMessageId: 'ATDM2',
    kind: 'document',
    bytes: samples.pdf,
    mimeType: 'application/pdf',
    fileName: 'orcamento.pdf',
    caption: null,
  });
  const uploads = graph.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/media'));
  expect(uploads).toHaveLength(2);
  // Multipart: the product, the type and the file with its name.
  expect(String(uploads[0]?.body)).toContain('name="messaging_product"');
  expect(String(uploads[0]?.body)).toContain('filename="foto.png"');
  expect(String(uploads[0]?.body)).toContain('image/png');
  const sends = graph.requests.filter(isSend).map((r) => r.body);
  expect(sends).toEqual([
    expect.objectContaining({
      to: '5511987650001',
      type: 'image',
      image: { id: 'upload-1', caption: 'Segue a foto do produto' },
      context: { message_id: 'wamid.CUSTOMER1' },
    }),
    expect.objectContaining({ type: 'document', document: { id: 'upload-2', filename: 'orcamento.pdf' } }),
  ]);
  expect(image.providerMessageId).toMatch(/^wamid\./);
  expect(document.providerMessageId).toMatch(/^wamid\./);
});

it('outside the 24-hour window a file is refused like text, before any upload', async () => {
  graph.requests.length = 0;
  windowOpen = false;
  await expect(
    channel.sendMedia({
      to: '5511987650001',
      providerMessageId: 'ATDM3',
      kind: 'audio',
      bytes: samples.oggOpus,
      mimeType: 'audio/ogg',
      fileName: 'audio.ogg',
      caption: null,
    }),
  ).rejects.toBeInstanceOf(SendRejectedError);
  expect(graph.requests.filter((r) => r.method === 'POST')).toEqual([]);
  windowOpen = true;
});

it('a voice note is uploaded as Ogg/Opus and sent as audio with voice: true (no caption)', async () => {
  graph.requests.length = 0;
  await channel.sendMedia({
    to: '5511987650001',
    providerMessageId: 'ATDM4',
    kind: 'audio',
    voice: true,
    bytes: samples.oggOpus,
    mimeType: 'audio/ogg; codecs=opus',
    fileName: 'mensagem-de-voz.ogg',
    caption: null,
  });
  const upload = graph.requests.find((r) => r.method === 'POST' && r.path.endsWith('/media'));
  expect(String(upload?.body)).toContain('audio/ogg; codecs=opus');
  const [send] = graph.requests.filter(isSend).map((r) => r.body);
  expect(send).toMatchObject({ type: 'audio', audio: { id: expect.any(String), voice: true } });
  expect(Object.keys((send as { audio: object }).audio).sort()).toEqual(['id', 'voice']);
});

it('documents go as Graph knows them: old Office files by their name, and a zip is refused before any upload', async () => {
  graph.requests.length = 0;
  await channel.sendMedia({
    to: '5511987650001',
    providerMessageId: 'ATDM5',
    kind: 'document',
    bytes: samples.pdf,
    mimeType: 'application/octet-stream',
    fileName: 'tabela antiga.xls',
    caption: null,
  });
  const upload = graph.requests.find((r) => r.method === 'POST' && r.path.endsWith('/media'));
  expect(String(upload?.body)).toContain('application/vnd.ms-excel');
  graph.requests.length = 0;
  const refused = channel.sendMedia({
    to: '5511987650001',
    providerMessageId: 'ATDM6',
    kind: 'document',
    bytes: samples.wholeZip,
    mimeType: 'application/zip',
    fileName: 'fotos.zip',
    caption: null,
  });
  await expect(refused).rejects.toBeInstanceOf(SendRejectedError);
  await expect(refused).rejects.toMatchObject({
    failure: {
      code: 'unsupported_document',
      explanation:
        'A API oficial do WhatsApp envia só documentos PDF, Word, Excel, PowerPoint e texto; arquivos .zip não podem ser enviados por este número.',
    },
  });
  expect(graph.requests.filter((r) => r.method === 'POST')).toEqual([]);
});
