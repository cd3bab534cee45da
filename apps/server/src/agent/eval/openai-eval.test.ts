import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asksForPerson } from '../handoff-intent.js';
import { createOpenAiProvider } from '../openai-provider.js';
import { asksForRecordStatus } from '../retrieval/question-signals.js';
import { DEFAULT_TUNING } from '../retrieval/tuning.js';
import { evaluateDomain, SETTINGS, scoreOutcomes } from './cross-domain.js';
import { loadDomain } from './domains.js';

/**
 * A fake OpenAI-compatible endpoint: answers with the first passage it was given, confident only when
 * there was one. It stands in for a real model so the evaluation path itself is tested; to evaluate a
 * real endpoint run `AI_BASE_URL=… AI_MODEL=… AI_API_KEY=… npm run bench:agent`.
 */
let server: Server;
let baseUrl = '';
const requests: { messages: { role: string; content: string }[] }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const request = JSON.parse(body) as { messages: { role: string; content: string }[] };
      requests.push(request);
      const context = request.messages[1]?.content ?? '';
      const first = /\[1\] [^\n]*\n([^\n]+)/.exec(context)?.[1];
      const content = JSON.stringify(
        first ? { resposta: first, confianca: 0.9 } : { resposta: '', confianca: 0.1 },
      );
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ choices: [{ message: { content } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('cross-domain evaluation through an OpenAI-compatible provider', () => {
  it('sends every question with its passages and history, and scores the answers', async () => {
    const domain = loadDomain('restaurante');
    const provider = createOpenAiProvider({ baseUrl, model: 'fake', allowPrivate: true, retries: 0 });
    const outcomes = await evaluateDomain(domain, DEFAULT_TUNING, provider);
    // Decided before the provider: a person asked for ("gerente"), an order's status ("… ja saiu?").
    const decidedBefore = (q: string) => asksForPerson(q, SETTINGS.handoffKeywords) || asksForRecordStatus(q);
    const asked = domain.items.filter((i) => !decidedBefore(i.question));
    expect(requests.length).toBe(asked.length);
    const followUp = requests.find((r) => r.messages.at(-1)?.content === 'e o almoço?');
    expect(followUp?.messages.some((m) => m.content === 'que horas abre o jantar?')).toBe(true);
    const score = scoreOutcomes(outcomes);
    expect(score.accuracy).toBeGreaterThan(0.5);
    const answered = outcomes.filter((o) => o.answered && o.item.expect.length === 1);
    expect(answered.every((o) => o.evidence.length > 0)).toBe(true);
  });
});
