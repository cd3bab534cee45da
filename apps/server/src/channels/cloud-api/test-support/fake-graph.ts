import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CloudApiSettings } from '../cloud-api-settings.js';

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
  /** performance.now() when it arrived (pacing tests). */
  at: number;
}

export interface FakeAnswer {
  status: number;
  body: unknown;
}

/** A PNG's magic bytes and a little more: enough for the media store's type check. */
export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d5b1e80000000049454e44ae426082',
  'hex',
);

export const FAKE_PHONE_NUMBER_ID = '106540352242922';
export const FAKE_WABA_ID = '102290129340398';
export const FAKE_DISPLAY_NUMBER = '+55 11 4000-1234';
export const FAKE_TOKEN = 'EAAG-fake-graph-token-0001';

/**
 * A local stand-in for Meta's Graph API: records every request and answers like Graph does (number
 * check, sends with a fresh wamid, media URL + bytes, templates), or with the errors a test queues.
 */
export async function startFakeGraph() {
  const requests: RecordedRequest[] = [];
  const queued: Array<{ match: (r: RecordedRequest) => boolean; answer: FakeAnswer }> = [];
  let sent = 0;
  let uploaded = 0;
  let token = FAKE_TOKEN;
  let base = '';
  /** More numbers of the same business account, each with its own token (several inboxes). */
  const others = new Map<string, { display: string; token: string }>();

  const answer = (request: RecordedRequest): FakeAnswer => {
    const index = queued.findIndex((q) => q.match(request));
    if (index >= 0) return queued.splice(index, 1)[0]?.answer as FakeAnswer;
    const path = request.path.split('?')[0] ?? '';
    const other = others.get(path.split('/')[2] ?? '');
    if (other) {
      if (request.authorization !== `Bearer ${other.token}`)
        return graphError(401, 190, 'Session has expired');
      if (request.method === 'GET') {
        return {
          status: 200,
          body: { display_phone_number: other.display, verified_name: 'Loja 2', id: path.split('/')[2] },
        };
      }
      sent++;
      const to = (request.body as { to?: string }).to;
      return {
        status: 200,
        body: {
          messaging_product: 'whatsapp',
          contacts: [{ input: to, wa_id: to }],
          messages: [{ id: `wamid.FAKE${String(sent).padStart(6, '0')}` }],
        },
      };
    }
    if (request.authorization !== `Bearer ${token}`) {
      return {
        status: 401,
        body: {
          error: {
            message: 'Error validating access token: Session has expired',
            type: 'OAuthException',
            code: 190,
          },
        },
      };
    }
    if (request.method === 'GET' && path === `/v23.0/${FAKE_PHONE_NUMBER_ID}`) {
      return {
        status: 200,
        body: {
          display_phone_number: FAKE_DISPLAY_NUMBER,
          verified_name: 'Loja Exemplo',
          id: FAKE_PHONE_NUMBER_ID,
        },
      };
    }
    if (request.method === 'POST' && path === `/v23.0/${FAKE_PHONE_NUMBER_ID}/messages`) {
      sent++;
      const to = (request.body as { to?: string }).to;
      return {
        status: 200,
        body: {
          messaging_product: 'whatsapp',
          contacts: [{ input: to, wa_id: to }],
          messages: [{ id: `wamid.FAKE${String(sent).padStart(6, '0')}` }],
        },
      };
    }
    if (request.method === 'POST' && path === `/v23.0/${FAKE_PHONE_NUMBER_ID}/media`) {
      uploaded += 1;
      return { status: 200, body: { id: `upload-${uploaded}` } };
    }
    if (request.method === 'GET' && path === `/v23.0/${FAKE_WABA_ID}/message_templates`) {
      return {
        status: 200,
        body: {
          data: [
            {
              name: 'retomar_atendimento',
              language: 'pt_BR',
              status: 'APPROVED',
              category: 'UTILITY',
              components: [
                { type: 'BODY', text: 'Olá {{1}}, podemos continuar seu atendimento sobre {{2}}?' },
              ],
            },
            { name: 'rascunho', language: 'pt_BR', status: 'PENDING', category: 'MARKETING', components: [] },
          ],
        },
      };
    }
    const media = /^\/v23\.0\/(media-[\w-]+)$/.exec(path);
    if (request.method === 'GET' && media) {
      return {
        status: 200,
        body: { url: `${base}/lookaside/${media[1]}`, mime_type: 'image/png', id: media[1] },
      };
    }
    if (request.method === 'GET' && path.startsWith('/lookaside/')) return { status: 200, body: PNG_BYTES };
    return { status: 404, body: { error: { message: 'Unknown path', code: 100 } } };
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // Recorded as text.
      }
      const request: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        authorization: req.headers.authorization,
        body,
        at: performance.now(),
      };
      requests.push(request);
      const reply = answer(request);
      if (Buffer.isBuffer(reply.body)) {
        res.writeHead(reply.status, { 'content-type': 'image/png' }).end(reply.body);
        return;
      }
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    requests,
    /** Sends recorded so far (POST …/messages), in order. */
    sends: () => requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages')),
    /** The next request that matches gets this answer instead (once per call). */
    queue(match: (r: RecordedRequest) => boolean, reply: FakeAnswer, times = 1) {
      for (let i = 0; i < times; i++) queued.push({ match, answer: reply });
    },
    /** Another number of the account: its check and sends answer with its own token only. */
    addNumber(id: string, display: string, numberToken: string) {
      others.set(id, { display, token: numberToken });
    },
    /** From now on only this token is accepted (the old one "expired": error 190). */
    setToken(next: string) {
      token = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeGraph = Awaited<ReturnType<typeof startFakeGraph>>;

export const isSend = (r: RecordedRequest) => r.method === 'POST' && r.path.endsWith('/messages');

export const graphError = (status: number, code: number, message = 'error'): FakeAnswer => ({
  status,
  body: { error: { message, type: 'OAuthException', code } },
});

/** A number's settings pointing at a fake Graph (private address allowed, 80 sends a second). */
export const fakeGraphSettings = (graphUrl: string): CloudApiSettings => ({
  phoneNumberId: FAKE_PHONE_NUMBER_ID,
  businessAccountId: FAKE_WABA_ID,
  accessToken: FAKE_TOKEN,
  appSecret: 'x',
  verifyToken: 'y',
  graphUrl,
  graphVersion: 'v23.0',
  maxPerSecond: 80,
  allowPrivate: true,
});
