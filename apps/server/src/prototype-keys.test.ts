import { clientEventSchemas, type WhatsappStatus } from '@atende/contracts';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  connectSocket,
  createAndLogin,
  listen,
  nextEvent,
  sleep,
  TEST_PASSWORD,
  useTestApp,
} from '../test/helpers.js';
import { listRoutes } from '../test/route-list.js';
import { type Sample, type StringSlot, sampleOf, withString } from '../test/schema-sample.js';
import { loadDemoKnowledgeBase } from './agent/eval/run-eval.js';

/**
 * Built-in property names as input: put in every string field of
 * every route and socket event (one field at a time, the rest valid, so they reach the code behind
 * validation, e.g. the agent's reply to a customer), they give no 5xx, leave Object.prototype as it
 * was, fail no job, and the agent still answers a normal question afterwards.
 * PROTOTYPE_FUZZ_RUNS adds random cases per route on top of every (field × name) pair.
 */
const EXTRA_RUNS = Number(process.env.PROTOTYPE_FUZZ_RUNS ?? 4);

const NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'toLocaleString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
] as const;
/** A name alone, in a sentence, or in another case: how it arrives in a customer's words. */
const hostileText = fc.oneof(
  fc.constantFrom(...NAMES),
  fc.constantFrom(...NAMES).map((name) => `Qual o ${name} do pedido?`),
  fc.constantFrom(...NAMES).map((name) => name.toUpperCase()),
  fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom(...NAMES)).map(([a, b]) => `${a} ${b}`),
);

/** The zod schema of each route part, as the app compiles it. */
const compiled = vi.hoisted(() => new Map<string, unknown>());
vi.mock('fastify-type-provider-zod', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify-type-provider-zod')>();
  const validatorCompiler: typeof original.validatorCompiler = (route) => {
    compiled.set(`${route.method} ${route.url} ${route.httpPart}`, route.schema);
    return original.validatorCompiler(route);
  };
  return { ...original, validatorCompiler };
});

/** What Object.prototype holds before: compared after every request and event. */
const PROTOTYPE = new Map(
  Object.getOwnPropertyNames(Object.prototype).map((name) => [
    name,
    Object.getOwnPropertyDescriptor(Object.prototype, name),
  ]),
);
function expectPrototypeUntouched(where: string) {
  const now = Object.getOwnPropertyNames(Object.prototype);
  expect(now.sort(), where).toEqual([...PROTOTYPE.keys()].sort());
  for (const name of now) {
    const before = PROTOTYPE.get(name);
    const after = Object.getOwnPropertyDescriptor(Object.prototype, name);
    expect(after?.value ?? after?.get, `${where}: Object.prototype.${name}`).toBe(
      before?.value ?? before?.get,
    );
  }
  expect(Object.getPrototypeOf({}), where).toBe(Object.prototype);
}

type ZodLike = Parameters<typeof sampleOf>[0];

/** Routes whose effect ends the test's own session. */
const SKIPPED = new Set(['POST /api/auth/logout']);

describe('built-in property names in every input', () => {
  const ctx = useTestApp('sqlite');
  let token = '';
  const ids: Record<string, string> = {};
  const phone = '5511977776666';

  const hints = (field: string): readonly string[] => {
    if (/phone/i.test(field)) return [phone];
    if (/email/i.test(field)) return [`fuzz-${Date.now()}@teste.local`];
    if (/password/i.test(field)) return [TEST_PASSWORD];
    if (/^(replyTo|replyToId|messageId)$/.test(field)) return [ids.messageId ?? ''];
    if (/^(id|conversationId)$/.test(field)) return [ids.conversationId ?? ''];
    if (field === 'emoji') return ['👍'];
    if (/name/i.test(field)) return ['Cliente Teste'];
    return [];
  };

  const status = async () =>
    (
      (
        await ctx.app.inject({ method: 'GET', url: '/api/whatsapp/status', headers: bearer(token) })
      ).json() as { data: WhatsappStatus }
    ).data;
  async function ensurePaired() {
    const current = await status();
    if (current.connected) return;
    const paired = await ctx.app.inject({
      method: 'POST',
      url: '/api/simulator/pair',
      headers: bearer(token),
      payload: { code: current.pairingCode ?? '' },
    });
    expect(paired.statusCode).toBe(200);
  }

  beforeAll(async () => {
    ctx.app.log.level = 'silent';
    token = (await createAndLogin(ctx.app, 'admin')).token;
    await ensurePaired();
    const kb = await ctx.app.inject({
      method: 'POST',
      url: '/api/knowledge-base',
      headers: bearer(token),
      payload: { content: loadDemoKnowledgeBase() },
    });
    expect(kb.statusCode).toBe(200);
    const inbound = await ctx.app.inject({
      method: 'POST',
      url: '/api/simulator/inbound',
      headers: bearer(token),
      payload: { phone, text: 'Olá, tudo bem?' },
    });
    const data = (inbound.json() as { data: { conversationId: string; messageId: string } }).data;
    ids.conversationId = data.conversationId;
    ids.messageId = data.messageId;
  });

  it('reads the schemas of the routes it feeds', () => {
    expect(compiled.get('POST /api/conversations/:id/messages body')).toBeDefined();
    expect(compiled.get('POST /api/simulator/inbound body')).toBeDefined();
  });

  it('answers every route with < 500 and the error envelope, Object.prototype untouched', async () => {
    const routes = listRoutes(ctx.app).filter((r) => !SKIPPED.has(`${r.method} ${r.path}`));
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const schemaOf = (part: string) =>
        compiled.get(`${route.method} ${route.path} ${part}`) as ZodLike | undefined;
      const parts = {
        body: schemaOf('body'),
        querystring: schemaOf('querystring'),
      };
      const samples: Record<string, Sample | undefined> = {
        body: parts.body && sampleOf(parts.body, hints),
        querystring: parts.querystring && sampleOf(parts.querystring, hints),
      };
      const params = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
      type Target = { part: 'body' | 'querystring'; slot: StringSlot } | { part: 'params'; name: string };
      const targets: Target[] = [
        ...(['body', 'querystring'] as const).flatMap((part) =>
          (samples[part]?.slots ?? []).map((slot) => ({ part, slot })),
        ),
        ...params.map((name) => ({ part: 'params' as const, name })),
      ];
      if (targets.length === 0) continue;

      const send = async (target: Target, text: string) => {
        const url = route.path.replace(/:(\w+)/g, (_, name: string) =>
          encodeURIComponent(
            target.part === 'params' && target.name === name ? text : (hints(name)[0] ?? 'x'),
          ),
        );
        const request: InjectOptions = {
          method: route.method as InjectOptions['method'],
          url,
          headers: bearer(token),
        };
        const body =
          samples.body &&
          (target.part === 'body' ? withString(samples.body, target.slot, text) : samples.body.base);
        const query =
          samples.querystring &&
          (target.part === 'querystring'
            ? withString(samples.querystring, target.slot, text)
            : samples.querystring.base);
        if (body !== undefined) request.payload = body as InjectOptions['payload'];
        if (query && typeof query === 'object') request.query = query as Record<string, string>;
        const response = await ctx.app.inject(request);
        const where = `${route.method} ${route.path} ${target.part}:${target.part === 'params' ? target.name : target.slot.path.join('.')}${target.part !== 'params' && target.slot.kind === 'key' ? '(key)' : ''} = ${JSON.stringify(text)}`;
        expect(response.statusCode, `${where} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
        if (response.statusCode >= 400 && String(response.headers['content-type']).includes('json')) {
          const json = response.json() as { success: boolean; message: string };
          expect(json.success, where).toBe(false);
          expect(json.message, where).toMatch(/\S/);
        }
        expectPrototypeUntouched(where);
        if (/unpair|reconnect/.test(route.path)) await ensurePaired();
      };

      // A password is only hashed (~150 ms of argon2 each): three names there, all names elsewhere.
      const namesFor = (target: Target) =>
        target.part !== 'params' && /password/i.test(String(target.slot.path.at(-1)))
          ? NAMES.slice(0, 3)
          : NAMES;
      const pairs = targets.flatMap((target) =>
        namesFor(target).map((name) => [target, name] as [Target, string]),
      );
      await fc.assert(fc.asyncProperty(fc.constantFrom(...targets), hostileText, send), {
        examples: pairs,
        numRuns: pairs.length + EXTRA_RUNS,
      });
    }
  }, 120_000);

  it('answers every socket event without an internal error, and stays connected', async () => {
    const baseUrl = await listen(ctx.app);
    const socket = await connectSocket(baseUrl, { token });
    try {
      const events = Object.entries(clientEventSchemas).filter(([event]) => event !== 'authenticate');
      for (const [event, schema] of events) {
        const sample = sampleOf(schema as unknown as ZodLike, hints);
        for (const slot of sample.slots) {
          for (const name of NAMES) {
            const payload = withString(sample, slot, name);
            const where = `${event} ${slot.path.join('.') || '(payload)'} = ${name}`;
            const ack = (await socket.timeout(3000).emitWithAck(event, payload)) as {
              success: boolean;
              message?: string;
            };
            expect(ack.message, where).not.toBe('Erro interno do servidor');
            if (!ack.success) expect(ack.message, where).toMatch(/\S/);
            expectPrototypeUntouched(where);
            // Under the flood guard's 30 events a second.
            await sleep(40);
          }
        }
      }
      // Built-in names as event names: ignored, and the socket still works.
      for (const name of NAMES) socket.emit(name, { conversationId: name });
      await sleep(1100);
      expect(socket.connected).toBe(true);
      const join = (await socket.timeout(3000).emitWithAck('join:conversation', ids.conversationId)) as {
        success: boolean;
      };
      expect(join.success).toBe(true);
      expectPrototypeUntouched('event names');
    } finally {
      socket.disconnect();
    }

    for (const name of NAMES) {
      const stranger = await connectSocket(baseUrl);
      try {
        const refused = nextEvent<{ message: string }>(stranger, 'auth_error');
        stranger.emit('authenticate', { token: name });
        expect((await refused).message).toMatch(/\S/);
      } finally {
        stranger.disconnect();
      }
    }
  }, 60_000);

  it('fails no job, hands nothing off as an agent failure, and the agent still answers', async () => {
    const db = ctx.app.db;
    // Nothing due now and nothing retrying (a daily job may wait for tomorrow).
    const settled = async () =>
      (await db
        .selectFrom('jobs')
        .select('id')
        .where('status', 'in', ['pending', 'running'])
        .where((eb) => eb.or([eb('run_at', '<=', Date.now()), eb('attempts', '>', 0)]))
        .executeTakeFirst()) === undefined;
    for (const deadline = Date.now() + 20_000; !(await settled()) && Date.now() < deadline; ) await sleep(50);
    const failed = await db
      .selectFrom('jobs')
      .select(['kind', 'status', 'last_error'])
      .where((eb) => eb.or([eb('status', '=', 'failed'), eb('attempts', '>', 0).and('status', '!=', 'done')]))
      .execute();
    expect(failed).toEqual([]);
    const agentFailures = await db
      .selectFrom('handler_changes')
      .select(['cause', 'reason'])
      .where('reason', '=', 'falha do agente')
      .execute();
    expect(agentFailures).toEqual([]);
    expectPrototypeUntouched('after the jobs');

    // The knowledge base (fuzzed above) back to the demo one, with the names in it too.
    const content = `${loadDemoKnowledgeBase()}\n\n${NAMES.map((name) => `## O que é ${name}?\n${name} é uma palavra.`).join('\n\n')}`;
    const kb = await ctx.app.inject({
      method: 'POST',
      url: '/api/knowledge-base',
      headers: bearer(token),
      payload: { content },
    });
    expect(kb.statusCode).toBe(200);
    await ensurePaired();
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/simulator/inbound',
      headers: bearer(token),
      payload: { phone: '5511966665555', text: 'Tem desconto pagando no Pix?' },
    });
    expect(asked.statusCode).toBe(200);
    const { conversationId } = (asked.json() as { data: { conversationId: string } }).data;
    let reply: { content: string } | undefined;
    for (const deadline = Date.now() + 10_000; !reply && Date.now() < deadline; await sleep(25)) {
      reply = await db
        .selectFrom('messages')
        .select('content')
        .where('conversation_id', '=', conversationId)
        .where('sender', '=', 'agent')
        .executeTakeFirst();
    }
    expect(reply?.content).toContain('5% de desconto');
    const conversation = await db
      .selectFrom('conversations')
      .select('handler_mode')
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow();
    expect(conversation.handler_mode).toBe('ai');
  }, 60_000);
});
