import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAiProvider } from './openai-provider.js';
import { ProviderError } from './provider.js';

/** A real model endpoint on loopback: what an attacker-set AI base URL must not be able to reach. */
let server: Server;
let port = 0;
let hits = 0;

beforeAll(async () => {
  server = createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ choices: [{ message: { content: '{"resposta": "interno", "confianca": 1}' } }] }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  hits = 0;
});

const input = { question: 'oi', history: [], passages: [], retrievalConfidence: 0.5 };
const provider = (baseUrl: string, extra: Partial<Parameters<typeof createOpenAiProvider>[0]> = {}) =>
  createOpenAiProvider({ baseUrl, model: 'm', retries: 2, backoffMs: 1, timeoutMs: 2000, ...extra });

describe('OpenAI-compatible provider: private endpoints (SSRF)', () => {
  it.each(['127.0.0.1', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[0:0:0:0:0:ffff:7f00:1]', '[::1]', '0'])(
    'refuses http://%s without one request, and without retrying',
    async (host) => {
      const answer = provider(`http://${host}:${port}/v1`).answer(input);
      await expect(answer).rejects.toBeInstanceOf(ProviderError);
      await expect(answer).rejects.toThrow(/destino recusado/);
      expect(hits).toBe(0);
    },
  );

  it('refuses a public-looking host name its resolver maps to loopback', async () => {
    const names: string[] = [];
    const resolve = async (hostname: string) => {
      names.push(hostname);
      return ['127.0.0.1'];
    };
    const answer = provider(`http://api.ia-publica.com.br:${port}/v1`, { resolve }).answer(input);
    await expect(answer).rejects.toThrow(/destino recusado: endereço privado \(127\.0\.0\.1/);
    expect(names).toEqual(['api.ia-publica.com.br']);
    expect(hits).toBe(0);
  });

  it('answers through a private endpoint when allowed (AI_ALLOW_PRIVATE), connecting where it resolved', async () => {
    const resolve = async () => ['127.0.0.1'];
    const answer = await provider(`http://modelo.lan:${port}/v1`, { allowPrivate: true, resolve }).answer(
      input,
    );
    expect(answer.text).toBe('interno');
    expect(hits).toBe(1);
  });
});
