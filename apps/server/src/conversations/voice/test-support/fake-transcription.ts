import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What one request to the fake provider carried (the multipart form, parsed). */
export interface TranscriptionCall {
  path: string;
  authorization: string | undefined;
  model: string | null;
  language: string | null;
  fileName: string | null;
  fileType: string | null;
  bytes: Uint8Array;
}

export interface FakeTranscription {
  /** `http://127.0.0.1:<port>/v1`: the base URL an admin would type. */
  url: string;
  calls: TranscriptionCall[];
  /** What the next requests get: a transcript (200), or a status that fails them. */
  respond(answer: { text: string } | { status: number }): void;
  close(): Promise<void>;
}

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A local OpenAI-compatible speech-to-text server (`POST /v1/audio/transcriptions`), real HTTP on the
 * loopback: it parses the multipart form as a provider would and answers what the test scripts.
 */
export async function startFakeTranscription(): Promise<FakeTranscription> {
  let answer: { text: string } | { status: number } = { status: 503 };
  const calls: TranscriptionCall[] = [];
  const server: Server = createServer(async (request, response) => {
    const raw = await body(request);
    if (request.method !== 'POST' || request.url !== '/v1/audio/transcriptions') {
      response.writeHead(404).end();
      return;
    }
    const form = await new Response(raw, {
      headers: { 'content-type': request.headers['content-type'] ?? '' },
    }).formData();
    const file = form.get('file');
    calls.push({
      path: request.url,
      authorization: request.headers.authorization,
      model: form.get('model') as string | null,
      language: form.get('language') as string | null,
      fileName: file instanceof File ? file.name : null,
      fileType: file instanceof File ? file.type : null,
      bytes: file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array(),
    });
    if ('status' in answer) {
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'indisponível' } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ text: answer.text }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    calls,
    respond(next) {
      answer = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
