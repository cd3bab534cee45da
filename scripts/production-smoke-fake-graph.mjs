// A plain-JavaScript stand-in for Meta's Graph API, for the production smoke (the compiled build has
// no tsx to run the server tests' fake-graph.ts): answers the number check the Cloud API channel makes
// when it starts, and a text send, for one number and one token. Records every request.
import { createServer } from 'node:http';

export const SMOKE_PHONE_NUMBER_ID = '106540352242922';
export const SMOKE_DISPLAY_NUMBER = '+55 11 4000-1234';
export const SMOKE_TOKEN = 'EAAG-smoke-graph-token-0001';

export async function startFakeGraph() {
  const requests = [];
  let sent = 0;
  const answer = (request) => {
    const path = request.path.split('?')[0] ?? '';
    if (request.authorization !== `Bearer ${SMOKE_TOKEN}`) {
      return {
        status: 401,
        body: { error: { message: 'Session has expired', type: 'OAuthException', code: 190 } },
      };
    }
    const number = /^\/v\d+\.\d+\/(\d+)$/.exec(path);
    if (request.method === 'GET' && number?.[1] === SMOKE_PHONE_NUMBER_ID) {
      return {
        status: 200,
        body: {
          display_phone_number: SMOKE_DISPLAY_NUMBER,
          verified_name: 'Loja Exemplo',
          id: SMOKE_PHONE_NUMBER_ID,
        },
      };
    }
    if (request.method === 'POST' && path.endsWith(`/${SMOKE_PHONE_NUMBER_ID}/messages`)) {
      sent += 1;
      const to = request.body?.to;
      return {
        status: 200,
        body: {
          messaging_product: 'whatsapp',
          contacts: [{ input: to, wa_id: to }],
          messages: [{ id: `wamid.SMOKE${String(sent).padStart(6, '0')}` }],
        },
      };
    }
    return { status: 404, body: { error: { message: 'Unknown path', code: 100 } } };
  };

  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      const request = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        authorization: req.headers.authorization,
        body,
      };
      requests.push(request);
      const reply = answer(request);
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
