import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { api, pairSimulator } from '../../../test/simulator-kit.js';
import { setClock } from '../../lib/clock.js';

/** What the analytics report sums (docs/metrics.md §avgResponseTime, §firstResponse), stored with each reply. */
describeEachDatabase('reply response times', (kind) => {
  const ctx = useTestApp(kind);
  let token = '';
  let instant = Date.parse('2026-03-10T12:00:00Z');
  let restoreClock = () => {};
  beforeAll(async () => {
    restoreClock = setClock(() => instant);
    token = (await createAndLogin(ctx.app)).token;
    await pairSimulator(ctx.app, token);
    // The agent must not answer in between: these replies are the operator's and the phone's.
    await ctx.app.domain.jobs.stop();
  });
  afterAll(() => restoreClock());

  const customer = (id: string, at: number, sender?: 'phone') =>
    ctx.app.domain.messaging.appendInbound({
      inboxId: 'default',
      providerMessageId: id,
      phone: '5511955550101',
      text: `mensagem ${id}`,
      type: 'text',
      timestamp: at,
      sender,
    });
  const stored = (conversationId: string) =>
    ctx.app.db
      .selectFrom('messages')
      .select(['sender', 'response_ms'])
      .where('conversation_id', '=', conversationId)
      .orderBy('timestamp')
      .execute();

  it('a reply stores the time since the first unanswered message; the first reply is the conversation’s first response', async () => {
    const start = instant;
    const { conversationId } = await customer('rt-1', start);
    await customer('rt-2', start + 20_000); // the same unanswered run: still counted from rt-1
    instant = start + 45_000;
    const sent = await api(ctx.app, token).post(`/api/conversations/${conversationId}/messages`, {
      message: 'Olá! Já vejo isso.',
    });
    expect(sent.status).toBe(200);
    instant = start + 50_000;
    await api(ctx.app, token).post(`/api/conversations/${conversationId}/messages`, {
      message: 'Um instante.',
    });
    // A person answering on the business phone is a reply too.
    await customer('rt-3', start + 60_000);
    await customer('rt-4', start + 72_000, 'phone');

    expect(
      (await stored(conversationId)).map((m) => [
        m.sender,
        m.response_ms === null ? null : Number(m.response_ms),
      ]),
    ).toEqual([
      ['client', null],
      ['client', null],
      ['admin', 45_000],
      ['admin', null], // nothing new to answer
      ['client', null],
      ['admin', 12_000],
    ]);
    const conversation = await ctx.app.db
      .selectFrom('conversations')
      .select(['first_response_ms', 'first_response_ai', 'response_time_total_ms', 'response_count'])
      .where('id', '=', conversationId)
      .executeTakeFirstOrThrow();
    expect({
      first: Number(conversation.first_response_ms),
      ai: Number(conversation.first_response_ai),
      total: Number(conversation.response_time_total_ms),
      count: Number(conversation.response_count),
    }).toEqual({ first: 45_000, ai: 0, total: 57_000, count: 2 });
  });
});
