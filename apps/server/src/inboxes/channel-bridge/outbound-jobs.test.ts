import type { Message } from '@atende/contracts';
import { beforeAll, expect, it } from 'vitest';
import { createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { api, pairSimulator } from '../../../test/simulator-kit.js';
import type { Channel } from '../../channels/channel.js';
import { now } from '../../lib/clock.js';

describeEachDatabase('outbound channel jobs', (kind) => {
  const ctx = useTestApp(kind);
  let token = '';
  beforeAll(async () => {
    token = (await createAndLogin(ctx.app)).token;
    await pairSimulator(ctx.app, token);
    await ctx.app.domain.jobs.stop();
  });
  const runDue = async () => {
    await ctx.app.db.updateTable('jobs').set({ status: 'done' }).where('kind', '=', 'agent_reply').execute();
    await ctx.app.db.updateTable('jobs').set({ run_at: now() }).where('status', '=', 'pending').execute();
    await ctx.app.domain.jobs.drain();
  };

  it('a send while WhatsApp is disconnected is retried and delivered once it is back', async () => {
    const phone = '5561944440000';
    const inbound = await api(ctx.app, token).post('/api/simulator/inbound', { phone, text: 'Oi' });
    const { conversationId } = inbound.body.data;
    await api(ctx.app, token).post('/api/simulator/unpair');
    const sent = await api(ctx.app, token).post(`/api/conversations/${conversationId}/messages`, {
      message: 'Já volto',
    });
    expect(sent.status).toBe(200);
    const message = sent.body.data as Message;
    await runDue();
    const job = await ctx.app.db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', `channel_send:${message.id}`)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'pending', attempts: 1, last_error: 'WhatsApp desconectado' });
    expect(job.run_at).toBeGreaterThan(now());
    const pending = await ctx.app.db
      .selectFrom('messages')
      .select('status')
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow();
    expect(pending.status).toBe('pending');

    await pairSimulator(ctx.app, token);
    await runDue();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const delivered = await ctx.app.db
      .selectFrom('messages')
      .select('status')
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow();
    expect(delivered.status).toBe('delivered');
    const outbox = await api(ctx.app, token).get(`/api/simulator/outbox?phone=${phone}`);
    expect(outbox.body.data.map((d: { text: string }) => d.text)).toEqual(['Já volto']);
  });

  it('a send that keeps failing ends failed, and the message is marked failed', async () => {
    const inbound = await api(ctx.app, token).post('/api/simulator/inbound', {
      phone: '5561944441111',
      text: 'Oi',
    });
    const { conversationId } = inbound.body.data;
    // The customer has no phone any more: nothing can deliver to them.
    const sent = await api(ctx.app, token).post(`/api/conversations/${conversationId}/messages`, {
      message: 'Olá',
    });
    await ctx.app.db
      .updateTable('clients')
      .set({ phone: null })
      .where('id', '=', inbound.body.data.clientId)
      .execute();
    await runDue();
    const job = await ctx.app.db
      .selectFrom('jobs')
      .selectAll()
      .where('dedupe_key', '=', `channel_send:${sent.body.data.id}`)
      .executeTakeFirstOrThrow();
    expect(job.status).toBe('failed');
    const row = await ctx.app.db
      .selectFrom('messages')
      .select('status')
      .where('id', '=', sent.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
  });

  it('one conversation’s messages reach the customer in the order they were written, a slow first one too', async () => {
    const phone = '5561944442222';
    const inbound = await api(ctx.app, token).post('/api/simulator/inbound', { phone, text: 'Oi' });
    const { conversationId } = inbound.body.data;
    // The first send takes its time (a file uploading); the others are ready at once.
    const channel = ctx.app.domain.inboxes.channelOf('default') as Channel;
    const original = channel.sendText;
    let slowed = false;
    channel.sendText = async function (this: Channel, input) {
      if (!slowed) {
        slowed = true;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      return original.call(this, input);
    };
    try {
      for (const message of ['Primeira', 'Segunda', 'Terceira']) {
        const sent = await api(ctx.app, token).post(`/api/conversations/${conversationId}/messages`, {
          message,
        });
        expect(sent.status).toBe(200);
      }
      await runDue();
    } finally {
      channel.sendText = original;
    }
    expect(slowed).toBe(true);
    const outbox = await api(ctx.app, token).get(`/api/simulator/outbox?phone=${phone}`);
    expect(outbox.body.data.map((d: { text: string }) => d.text)).toEqual([
      'Primeira',
      'Segunda',
      'Terceira',
    ]);
  });
});
