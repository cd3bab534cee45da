import { beforeAll, describe, expect, it } from 'vitest';
import { createAndLogin, useTestApp } from '../test/helpers.js';
import { api, pairSimulator } from '../test/simulator-kit.js';
import { toReactions } from './conversations/messaging/message-row.js';

/** Names every plain object inherits: as keys of a `{}` map they read a function or the prototype. */
const BUILT_IN_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype'];

describe('reaction emoji', () => {
  const ctx = useTestApp('sqlite');
  let client: ReturnType<typeof api>;
  let conversationId = '';
  let messageId = '';
  const phone = '5511900002222';

  beforeAll(async () => {
    ctx.app.log.level = 'silent';
    const { token } = await createAndLogin(ctx.app, 'admin');
    client = api(ctx.app, token);
    await client.post('/api/config', { aiEnabled: false });
    await pairSimulator(ctx.app, token);
    const inbound = await client.post('/api/simulator/inbound', { phone, text: 'Oi, tudo bem?' });
    ({ conversationId, messageId } = inbound.body.data);
  });

  const reactAsAgent = (emoji: unknown) =>
    client.post(`/api/conversations/${conversationId}/messages/${messageId}/react`, {
      emoji: emoji as string,
    });
  const reactAsClient = (emoji: unknown) =>
    client.post('/api/simulator/reaction', { phone, messageId, emoji: emoji as string });

  it.each(BUILT_IN_NAMES)('refuses %s as an emoji on both routes with a 400 in pt-BR', async (name) => {
    for (const react of [reactAsAgent, reactAsClient]) {
      const response = await react(name);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, message: expect.stringMatching(/emoji/i) });
    }
    const messages = await client.get(`/api/conversations/${conversationId}/messages`);
    expect(messages.status).toBe(200);
  });

  it('refuses text that is not a single emoji', async () => {
    for (const emoji of ['a', 'ok', '👍👍', '👍a', ' 👍', '<b>', '1']) {
      expect((await reactAsAgent(emoji)).status, emoji).toBe(400);
      expect((await reactAsClient(emoji)).status, emoji).toBe(400);
    }
  });

  it('accepts real emoji (with variation selector, skin tone, ZWJ sequence, flag) and null', async () => {
    for (const emoji of ['👍', '❤️', '❤', '👍🏽', '👩‍💻', '👨‍👩‍👧‍👦', '🇧🇷', '✅', '🏴󠁧󠁢󠁥󠁮󠁧󠁿']) {
      expect((await reactAsAgent(emoji)).status, emoji).toBe(200);
      expect((await reactAsClient(emoji)).status, emoji).toBe(200);
    }
    const messages = await client.get(`/api/conversations/${conversationId}/messages`);
    const reacted = (messages.body.data.messages as { id: string; reactions: object }[]).find(
      (m) => m.id === messageId,
    );
    expect(Object.keys(reacted?.reactions ?? {})).toEqual(['🏴󠁧󠁢󠁥󠁮󠁧󠁿']);
    expect((await reactAsAgent(null)).status).toBe(200);
    expect((await reactAsClient(null)).status).toBe(200);
  });
});

describe('toReactions', () => {
  it('keys built-in property names as plain emoji keys (a channel may deliver anything)', () => {
    const rows = BUILT_IN_NAMES.flatMap((emoji) => [
      { sender: 'client' as const, emoji },
      { sender: 'agent' as const, emoji },
    ]);
    const reactions = toReactions(rows);
    expect(Object.keys(reactions).sort()).toEqual([...BUILT_IN_NAMES].sort());
    for (const name of BUILT_IN_NAMES) {
      expect(reactions[name]?.senders, name).toEqual([{ sender: 'client' }, { sender: 'agent' }]);
    }
    expect(JSON.parse(JSON.stringify(reactions))).toEqual(
      JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(reactions)))),
    );
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).senders).toBeUndefined();
  });
});
