import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTranscription {
  /** The base URL an admin types (`…/v1`). */
  url: string;
  /** The audio files it was sent, in order. */
  files: Array<{ name: string; bytes: Buffer }>;
  respond(answer: { text: string } | { status: number }): void;
  close(): Promise<void>;
}

/** A local OpenAI-compatible `POST /v1/audio/transcriptions` on the loopback, answering what the test says. */
export async function startFakeTranscription(): Promise<FakeTranscription> {
  let answer: { text: string } | { status: number } = { status: 503 };
  const files: FakeTranscription['files'] = [];
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.url !== '/v1/audio/transcriptions') {
      response.writeHead(404).end();
      return;
    }
    const form = await new Response(Buffer.concat(chunks), {
      headers: { 'content-type': request.headers['content-type'] ?? '' },
    }).formData();
    const file = form.get('file');
    if (file instanceof File) files.push({ name: file.name, bytes: Buffer.from(await file.arrayBuffer()) });
    const now = answer;
    response.writeHead('status' in now ? now.status : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify('status' in now ? { error: { message: 'fora do ar' } } : { text: now.text }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    files,
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
