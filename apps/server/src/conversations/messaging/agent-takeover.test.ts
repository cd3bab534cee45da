import { beforeAll, expect, it } from 'vitest';
import { createAndLogin, describeEachDatabase, useTestApp } from '../../../test/helpers.js';
import { api, pairSimulator } from '../../../test/simulator-kit.js';
import { type AgentServiceDeps, createAgentService } from '../../agent/agent.service.js';
import { loadDemoKnowledgeBase } from '../../agent/eval/run-eval.js';
import { KnowledgeIndexStore } from '../../agent/knowledge-index-store.js';
import { createRetrievalProvider } from '../../agent/retrieval-provider.js';

/**
 * The agent decides outside any transaction (it may take seconds); an operator may take the
 * conversation over meanwhile. The takeover wins: the agent's store re-checks who holds the
 * conversation in its own transaction and stays silent.
 */
describeEachDatabase('agent reply vs takeover', (kind) => {
  const ctx = useTestApp(kind);
  let client: ReturnType<typeof api>;

  beforeAll(async () => {
    const admin = await createAndLogin(ctx.app, 'admin');
    client = api(ctx.app, admin.token);
    await pairSimulator(ctx.app, admin.token);
    expect((await client.post('/api/knowledge-base', { content: loadDemoKnowledgeBase() })).status).toBe(200);
    // This test runs the agent itself, at its own pace.
    await ctx.app.domain.jobs.stop();
  });

  const agent = (pause?: AgentServiceDeps['pause']) =>
    createAgentService({
      db: ctx.app.db,
      messaging: ctx.app.domain.messaging,
      index: new KnowledgeIndexStore(),
      provider: async () => createRetrievalProvider(),
      pause,
    });
  const ask = async (phone: string) => {
    const res = await client.post('/api/simulator/inbound', { phone, text: 'Tem desconto pagando no Pix?' });
    expect(res.status).toBe(200);
    return res.body.data as { messageId: string; conversationId: string };
  };
  const agentMessages = (conversationId: string) =>
    ctx.app.db
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', conversationId)
      .where('sender', '=', 'agent')
      .execute();
  const sendJobs = () =>
    ctx.app.db.selectFrom('jobs').select('payload').where('kind', '=', 'channel_send@default').execute();

  it('a takeover committed between the decision and the store wins: no reply stored or sent', async () => {
    const job = await ask('5521977770001');
    const sendsBefore = (await sendJobs()).length;
    const outcome = await agent(async (point) => {
      if (point !== 'before_store') return;
      const taken = await client.post(`/api/conversations/${job.conversationId}/takeover`);
      expect(taken.status).toBe(200);
    }).handle(job);

    expect(outcome).toBe('superseded');
    expect(await agentMessages(job.conversationId)).toHaveLength(0);
    expect(await sendJobs()).toHaveLength(sendsBefore);
    const detail = await client.get(`/api/conversations/${job.conversationId}`);
    expect(detail.body.data.handler.mode).toBe('human');
  });

  it('without the takeover the same question is answered (the decision above was a reply)', async () => {
    const job = await ask('5521977770002');
    expect(await agent().handle(job)).toBe('replied');
    expect(await agentMessages(job.conversationId)).toHaveLength(1);
  });

  it('two runs of the same job deciding at once store one answer: the later store finds the first', async () => {
    const job = await ask('5521977770003');
    // Both runs pass the early check before either stores (at-least-once: a lease expired meanwhile).
    let release: () => void = () => {};
    const bothDecided = new Promise<void>((resolve) => {
      release = resolve;
    });
    let waiting = 0;
    const pause: AgentServiceDeps['pause'] = async (point) => {
      if (point !== 'before_store') return;
      if (++waiting === 2) release();
      await bothDecided;
    };
    const outcomes = await Promise.all([agent(pause).handle(job), agent(pause).handle(job)]);
    expect(outcomes.toSorted()).toEqual(['already_done', 'replied']);
    expect(await agentMessages(job.conversationId)).toHaveLength(1);
  });
});
