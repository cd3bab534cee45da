import type { WhatsappStatus } from '@atende/contracts';
import type { FastifyInstance } from 'fastify';
import { bearer, connectSocket, nextEvent, sleep } from './helpers.js';

export type TestSocket = Awaited<ReturnType<typeof connectSocket>>;
type Json = Record<string, unknown>;

/** Authenticated calls over `inject`, answering status and parsed body. */
export function api(app: FastifyInstance, token: string) {
  async function call(method: 'GET' | 'POST', url: string, payload?: Json) {
    const response = await app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: test bodies are checked by assertions
    return { status: response.statusCode, body: response.json() as any };
  }
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: Json) => call('POST', url, payload),
  };
}

/** Pairs the simulator with the code it currently shows (no-op when already connected). */
export async function pairSimulator(app: FastifyInstance, token: string): Promise<void> {
  const client = api(app, token);
  const status = (await client.get('/api/whatsapp/status')).body.data as WhatsappStatus;
  if (status.connected) return;
  const paired = await client.post('/api/simulator/pair', { code: status.pairingCode ?? '' });
  if (paired.status !== 200) throw new Error(`pairing failed: ${JSON.stringify(paired.body)}`);
}

/**
 * A real socket.io client, authenticated, in the dashboard room — or, given a conversation id, in that
 * conversation's room only (a socket in both rooms hears both emissions of a message's events).
 */
export async function joinedSocket(
  baseUrl: string,
  token: string,
  conversationId?: string,
): Promise<TestSocket> {
  const socket = await connectSocket(baseUrl);
  const authenticated = nextEvent(socket, 'authenticated');
  socket.emit('authenticate', { token });
  await authenticated;
  if (conversationId) socket.emit('join:conversation', conversationId);
  else socket.emit('join:dashboard');
  await sleep(50);
  return socket;
}
