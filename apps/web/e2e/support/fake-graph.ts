import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server sent to Meta's Graph API: the message bodies of `POST /{version}/{number}/messages`. */
export interface GraphSend {
  to: string;
  type: string;
  text?: { body: string };
  interactive?: {
    type: string;
    body: { text: string };
    action: { button?: string; sections?: Array<{ rows: Array<{ id: string; title: string }> }> };
  };
}

/**
 * A stand-in for the WhatsApp Cloud API's Graph on a local port, for a browser test's own server
 * (`WHATSAPP_GRAPH_URL`): the number check answers for any number with the token given, sends are
 * recorded and answered with a fresh wamid. The customer's side is `webhook()`: a body signed as Meta
 * signs it, for the server's `/webhooks/whatsapp`.
 */
export async function startFakeGraph(token: string) {
  const sends: GraphSend[] = [];
  let counter = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.headers.authorization !== `Bearer ${token}`) {
        json(401, { error: { message: 'Session has expired', type: 'OAuthException', code: 190 } });
        return;
      }
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const number = /^\/v[\d.]+\/(\d+)$/.exec(path)?.[1];
      if (req.method === 'GET' && number) {
        json(200, { display_phone_number: '+55 11 4000-1234', verified_name: 'Loja Oficial', id: number });
        return;
      }
      if (req.method === 'POST' && /^\/v[\d.]+\/\d+\/messages$/.test(path)) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as GraphSend;
        sends.push(body);
        counter += 1;
        json(200, {
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: `wamid.E2E${String(counter).padStart(6, '0')}` }],
        });
        return;
      }
      json(404, { error: { message: 'Unknown path', code: 100 } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sends,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let seq = 0;

/** A customer's message (text, or a tap on a list we sent) as Meta's webhook carries it, signed. */
export function webhook(
  appSecret: string,
  phoneNumberId: string,
  from: string,
  message: { text: string } | { tap: { id: string; title: string } },
): { body: string; headers: Record<string, string> } {
  seq += 1;
  const base = {
    from,
    id: `wamid.IN${Date.now().toString(36)}${seq}`,
    timestamp: String(Math.floor(Date.now() / 1000)),
  };
  const payload = {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '551140001234', phone_number_id: phoneNumberId },
              contacts: [{ profile: { name: 'Cliente' }, wa_id: from }],
              messages: [
                'text' in message
                  ? { ...base, type: 'text', text: { body: message.text } }
                  : {
                      ...base,
                      type: 'interactive',
                      interactive: { type: 'list_reply', list_reply: message.tap },
                    },
              ],
            },
          },
        ],
      },
    ],
  };
  const body = JSON.stringify(payload);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`,
    },
  };
}
