import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BlockedDestinationError,
  createSafeDispatcher,
  createSafeFetch,
  privateDestination,
  type ResolveHost,
} from './safe-fetch.js';

let server: Server;
let port = 0;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.headers.host} ${req.url}`);
    if (req.url === '/redirect') {
      res.writeHead(302, { location: `http://outro.interno:${port}/secret` }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end('interno');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  hits.length = 0;
});

/** A resolver that answers `answers` for every name and counts its calls. */
function fakeDns(...answers: (readonly string[])[]) {
  const calls: string[] = [];
  const resolve: ResolveHost = async (hostname) => {
    calls.push(hostname);
    return answers[Math.min(calls.length - 1, answers.length - 1)] ?? [];
  };
  return { resolve, calls };
}

describe('createSafeFetch', () => {
  it.each([
    '127.0.0.1',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[0:0:0:0:0:ffff:7f00:1]',
    '2130706433',
    '0x7f.1',
    'localhost',
  ])('refuses http://%s (a real server listens there) and sends nothing', async (host) => {
    const safeFetch = createSafeFetch();
    const refused = safeFetch(`http://${host}:${port}/v1/chat/completions`, { method: 'POST', body: '{}' });
    await expect(refused).rejects.toBeInstanceOf(BlockedDestinationError);
    await expect(refused).rejects.toThrow(/destino recusado: endereço privado/);
    expect(hits).toEqual([]);
  });

  it('refuses a public-looking name that resolves to a private address', async () => {
    const dns = fakeDns(['127.0.0.1']);
    const safeFetch = createSafeFetch({ resolve: dns.resolve });
    await expect(safeFetch(`http://api.modelo-publico.com.br:${port}/`)).rejects.toThrow(
      /endereço privado \(127\.0\.0\.1, loopback\)/,
    );
    expect(dns.calls).toEqual(['api.modelo-publico.com.br']);
    expect(hits).toEqual([]);
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const dns = fakeDns(['8.8.8.8', '::ffff:7f00:1']);
    await expect(
      createSafeFetch({ resolve: dns.resolve })(`http://api.modelo-publico.com.br:${port}/`),
    ).rejects.toThrow(/::ffff:7f00:1/);
    expect(hits).toEqual([]);
  });

  it('connects to the address it checked, resolving once per connection (no second DNS answer)', async () => {
    // The second answer is what a rebinding DNS server would give after the check.
    const dns = fakeDns(['127.0.0.1'], ['169.254.169.254']);
    const safeFetch = createSafeFetch({ allowPrivate: true, resolve: dns.resolve });
    const response = await safeFetch(`http://modelo.interno:${port}/ok`);
    expect(await response.text()).toBe('interno');
    expect(dns.calls).toEqual(['modelo.interno']);
    expect(hits).toEqual([`modelo.interno:${port} /ok`]);
  });

  it('sends the target of a redirect through the same check', async () => {
    const dns = fakeDns(['127.0.0.1']);
    const safeFetch = createSafeFetch({ allowPrivate: true, resolve: dns.resolve });
    const response = await safeFetch(`http://modelo.interno:${port}/redirect`);
    expect(response.status).toBe(200);
    expect(dns.calls).toEqual(['modelo.interno', 'outro.interno']);
    expect(hits).toEqual([`modelo.interno:${port} /redirect`, `outro.interno:${port} /secret`]);
  });

  it('reaches a private address when allowed (AI_ALLOW_PRIVATE)', async () => {
    const safeFetch = createSafeFetch({ allowPrivate: true });
    const response = await safeFetch(`http://[::ffff:127.0.0.1]:${port}/ok`);
    expect(response.status).toBe(200);
    expect(hits).toHaveLength(1);
  });

  it("guards Node's own fetch too when a library takes the dispatcher (Baileys' media download)", async () => {
    // Node's fetch takes an undici dispatcher; its DOM-style types do not name the option.
    const withDispatcher = (dispatcher: unknown) => ({ dispatcher }) as unknown as RequestInit;
    const blocked = fetch(`http://[::ffff:7f00:1]:${port}/media`, withDispatcher(createSafeDispatcher()));
    await expect(blocked).rejects.toThrow();
    await blocked.catch((error: Error) => expect(error.cause).toBeInstanceOf(BlockedDestinationError));
    expect(hits).toEqual([]);
    const allowed = await fetch(
      `http://127.0.0.1:${port}/media`,
      withDispatcher(createSafeDispatcher({ allowPrivate: true })),
    );
    expect(await allowed.text()).toBe('interno');
  });
});

describe('privateDestination: a URL refused when it is saved', () => {
  const noDns: ResolveHost = async () => {
    throw new Error('ENOTFOUND');
  };
  it.each([
    'http://127.0.0.1:8080/x',
    'http://2130706433/x',
    'http://0x7f.1/x',
    'http://017700000001/x',
    'http://[::ffff:127.0.0.1]/x',
    'http://[::1]/x',
    'https://10.0.0.5/hook',
    'http://169.254.169.254/latest/meta-data',
  ])('%s is private in every notation', async (url) => {
    expect(await privateDestination(url, { resolve: noDns })).toMatch(/^Endereço privado ou local/);
  });

  it('a name resolving to a private address is refused, naming the address', async () => {
    const refusal = await privateDestination('http://loja.example.com/x', {
      resolve: fakeDns(['10.1.2.3']).resolve,
    });
    expect(refusal).toContain('loja.example.com → 10.1.2.3');
    expect(await privateDestination('http://localhost:3000/x')).toMatch(/^Endereço privado ou local/);
  });

  it('a public address, or a name that does not resolve now, passes (the fetch checks again)', async () => {
    expect(await privateDestination('https://93.184.216.34/x', { resolve: noDns })).toBeNull();
    expect(await privateDestination('https://n8n.example.com/x', { resolve: noDns })).toBeNull();
    expect(
      await privateDestination('https://n8n.example.com/x', { resolve: fakeDns(['93.184.216.34']).resolve }),
    ).toBeNull();
  });
});
