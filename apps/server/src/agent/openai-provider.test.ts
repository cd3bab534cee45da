import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { agentConfigSchema } from '@atende/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decide } from './decide.js';
import { loadDemoKnowledgeBase } from './eval/run-eval.js';
import { createOpenAiProvider, parseModelContent } from './openai-provider.js';
import { ProviderError } from './provider.js';
import { confidenceOf } from './retrieval/confidence.js';
import { KnowledgeIndex } from './retrieval/kb-index.js';

type Handler = (body: Record<string, unknown>, res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let script: Handler[] = [];
const requests: { body: Record<string, unknown>; auth: string | undefined }[] = [];

function chat(content: string): Handler {
  return (_body, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
  };
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as Record<string, unknown>;
      requests.push({ body, auth: req.headers.authorization });
      const next = script.shift() ?? ((_b, r) => r.writeHead(500).end());
      next(body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  script = [];
  requests.length = 0;
});

const index = KnowledgeIndex.fromContent(loadDemoKnowledgeBase());
const defaults = agentConfigSchema.parse({});
const question = 'tem desconto no pix?';
const search = index.search(question);
const input = {
  question,
  history: [
    { sender: 'client' as const, content: 'oi' },
    { sender: 'agent' as const, content: 'Olá! Como posso ajudar?' },
  ],
  passages: search.passages,
  retrievalConfidence: confidenceOf(search),
};
const provider = (extra: Partial<Parameters<typeof createOpenAiProvider>[0]> = {}) =>
  createOpenAiProvider({
    baseUrl,
    apiKey: 'sk-test',
    model: 'test-model',
    allowPrivate: true,
    // Generous: the first request also loads undici's HTTP parser, slow on a busy machine.
    timeoutMs: 2000,
    retries: 2,
    backoffMs: 10,
    ...extra,
  });

describe('OpenAI-compatible provider', () => {
  it('sends the passages, the history and the question, and parses the JSON answer', async () => {
    script = [chat('{"resposta": "Sim, 5% de desconto no Pix.", "confianca": 0.92}')];
    const answer = await provider().answer(input);
    expect(answer).toMatchObject({ text: 'Sim, 5% de desconto no Pix.', confidence: 0.92 });
    expect(answer.evidence[0]?.passageId).toBe('pagamento/tem-desconto-no-pix');
    const sent = requests[0]!;
    expect(sent.auth).toBe('Bearer sk-test');
    expect(sent.body.model).toBe('test-model');
    const messages = sent.body.messages as { role: string; content: string }[];
    expect(messages.some((m) => m.role === 'system' && m.content.includes('Tem desconto no Pix?'))).toBe(
      true,
    );
    expect(messages.slice(-3).map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages.at(-1)?.content).toBe(question);
  });

  it('retries a 500 and then succeeds', async () => {
    script = [(_b, res) => res.writeHead(500).end('boom'), chat('Temos 5% de desconto no Pix.')];
    const answer = await provider().answer(input);
    expect(answer.text).toBe('Temos 5% de desconto no Pix.');
    expect(answer.confidence).toBe(input.retrievalConfidence);
    expect(requests).toHaveLength(2);
  });

  it('gives up after the retries on 429 and hands off', async () => {
    script = [0, 1, 2].map(() => (_b: unknown, res: ServerResponse) => res.writeHead(429).end());
    await expect(provider().answer(input)).rejects.toBeInstanceOf(ProviderError);
    expect(requests).toHaveLength(3);
  });

  it('times out and the decision is a handoff', async () => {
    const hang: Handler = () => {};
    script = [hang, hang];
    const decision = await decide({
      question,
      history: [],
      index,
      provider: provider({ retries: 1, timeoutMs: 100 }),
      settings: defaults,
    });
    expect(decision).toMatchObject({
      kind: 'handoff',
      cause: 'provider_failure',
      reason: 'falha do provedor',
    });
    expect(requests).toHaveLength(2);
  });

  it('hands off on a body that is not JSON, without retrying', async () => {
    script = [
      (_b, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"choices": [ garbage');
      },
    ];
    const decision = await decide({ question, history: [], index, provider: provider(), settings: defaults });
    expect(decision).toMatchObject({ kind: 'handoff', cause: 'provider_failure' });
    expect(requests).toHaveLength(1);
  });

  it('asks which topic when the model is unsure, and hands off below the threshold when it may not ask', async () => {
    script = [chat('{"resposta": "Não sei.", "confianca": 0.1}')];
    expect(
      await decide({ question, history: [], index, provider: provider(), settings: defaults }),
    ).toMatchObject({
      kind: 'clarify',
    });
    script = [chat('{"resposta": "Não sei.", "confianca": 0.1}')];
    const decision = await decide({
      question,
      history: [],
      index,
      provider: provider(),
      settings: defaults,
      mayClarify: false,
    });
    expect(decision).toMatchObject({
      kind: 'handoff',
      cause: 'low_confidence',
      reason: 'baixa confiança (10%)',
    });
  });

  it('refuses a loopback endpoint unless private addresses are allowed (SSRF)', async () => {
    script = [chat('{"resposta": "x", "confianca": 1}')];
    await expect(provider({ allowPrivate: false }).answer(input)).rejects.toThrow(/destino recusado/);
    expect(requests).toHaveLength(0);
  });
});

describe('parseModelContent', () => {
  it('reads fenced JSON and falls back to plain text', () => {
    expect(parseModelContent('```json\n{"answer":"Oi","confidence":0.7}\n```', 0.2)).toEqual({
      text: 'Oi',
      confidence: 0.7,
    });
    expect(parseModelContent('Só texto', 0.4)).toEqual({ text: 'Só texto', confidence: 0.4 });
  });
});
